import { describe, expect, it } from 'vitest';
import { berlinGroupErrors } from './berlin-group.js';

describe('the Berlin Group schema fixture', () => {
  it('accepts a platform-shaped account list and rejects a malformed one', () => {
    const good = {
      accounts: [
        {
          resourceId: 'enc!!abc==',
          bban: '97101009223',
          currency: 'NOK',
          name: 'Brukskonto',
          _links: { balances: { href: '/v1/accounts/enc!!abc==/balances' } },
        },
      ],
    };
    expect(berlinGroupErrors('GET /accounts', 200, good)).toEqual([]);
    expect(berlinGroupErrors('GET /accounts', 200, { accounts: [{ currency: 'NOK', name: 5 }] })).not.toEqual(
      [],
    );
  });
});
