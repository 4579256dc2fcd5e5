import {
  consent,
  getPage,
  KARI,
  OLA,
  REDIRECT_URI,
  redirectParams,
  sandbox,
  submit,
} from '@sandbank/test-support/ais';
import { produce } from 'immer';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError } from '../../src/core/errors.js';
import { customerById, customerList, putCustomer } from '../../src/core/records.js';
import { startAuthorisation } from '../../src/sca/start-authorisation.js';
import { SCA_OUTCOMES } from '../../src/sca-pages/outcomes.js';

afterEach(() => {
  delete SCA_OUTCOMES.basket;
});

describe('an outcome that refuses the approval', () => {
  it.each([
    [KARI, 'PAYMENT_FAILED'],
    [OLA, null],
  ])(
    'signed in as %s: the SCA ends with code %s, keeping changes only on success',
    async (nationalId, code) => {
      SCA_OUTCOMES.basket = {
        describe: () => '<p>Two payments, NOK 200.00 in all</p>',
        approve(draft, _authorisation, psu) {
          const first = customerList(draft)[0];
          if (first !== undefined)
            putCustomer(draft, { ...first, customerId: 'changed', customerName: 'half-done' });
          if (psu.nationalId === KARI)
            throw apiError('PAYMENT_FAILED', 'the debtor account is not the PSU account');
        },
        cancel: () => undefined,
      };
      const sb = sandbox();
      await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
      // a basket SCA started through the seam, as the payments area does
      const state = structuredClone(sb.getState());
      let href = '';
      const next = produce(state, (draft) => {
        href = startAuthorisation(
          draft,
          {
            now: sb.now(),
            sourceNow: sb.now(),
            origin: 'https://bank.example',
            profile: 'sandbox',
            basePath: '/v1',
            fixes: new Set(),
            tpp: { kind: 'unchecked' },
            warnings: [],
          },
          {
            kind: 'basket',
            resourceIds: ['basket-1'],
            headers: {
              'tpp-redirect-uri': REDIRECT_URI,
              'tpp-session-id': 'session-1',
              'psu-context': 'PRIVATE',
            },
          },
        ).scaRedirect;
      });
      const put = await sb.fetch(
        new Request('https://bank.example/_sandbank/state', {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(next),
        }),
      );
      expect(put.status).toBe(204);
      const login = await getPage(sb, href);
      expect(login.form?.controls.some((c) => c.name === 'nationalIdentityNumber')).toBe(true);
      const confirm = await submit(sb, href, login, { nationalIdentityNumber: nationalId });
      expect(confirm.html).toContain('Two payments, NOK 200.00 in all');
      const ended = await submit(sb, href, confirm);
      const params = redirectParams(ended);
      if (code === null) {
        expect(params.get('psu-id')).toBeTruthy();
        expect(customerById(sb.getState(), 'changed')?.customerName).toBe('half-done');
      } else {
        expect(params.get('code')).toBe(code);
        expect(params.get('status')).toBe('400');
        expect(customerById(sb.getState(), 'changed')).toBeUndefined();
      }
    },
  );
});
