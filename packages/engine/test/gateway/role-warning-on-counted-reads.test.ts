import { accountList } from '@sandbank/engine';
import { api, consent, KARI, START } from '@sandbank/test-support/ais';
import { signing } from '@sandbank/test-support/signing';
import { describe, expect, it } from 'vitest';
import { consentList, createSandbox } from '../../src/index.js';
import { presetIdentity } from '../../src/tpp/index.js';

// A read that writes (transaction details count towards the daily cap, part 8) runs twice inside the
// engine; the messages made before the operation, such as the sandbox profile's role warning, must
// survive the second run.

describe('the sandbox profile role warning', () => {
  it('stays on a transaction details answer that counted towards the daily cap', async () => {
    const sb = signing(createSandbox({ now: () => START }), { identity: presetIdentity('pisp') });
    const psu = await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
    const account = accountList(sb.getState()).find((a) => a.customerNumber === KARI);
    const listing = await api(
      sb,
      'GET',
      `/v1/accounts/${account?.id}/transactions?bookingStatus=booked&limit=1`,
      {
        headers: psu.headers,
      },
    );
    const id = listing.body.transactions.booked[0].transactionId as string;
    const details = await api(sb, 'GET', `/v1/accounts/${account?.id}/transactions/${id}`, {
      headers: psu.headers,
    });
    expect(details.status).toBe(200);
    expect(consentList(sb.getState())[0]?.detailsCount).toBe(1);
    const warnings = (details.body.tppMessages ?? []).filter(
      (m: { category: string }) => m.category === 'WARNING',
    );
    expect(warnings).toEqual([expect.objectContaining({ text: expect.stringContaining('PSP_AI') })]);
  });
});
