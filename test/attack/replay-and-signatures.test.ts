// Over `sandbank serve`: a replayed signed request, a certificate with a weak
// key (made by openssl, not by the engine's kit), and a stale date beside a signed one.

import type { State } from '@sandbank/engine';
import { createTppIdentity, formatHttpDate } from '@sandbank/engine/tpp';
import { opensslTpp } from '@sandbank/test-support/openssl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AttackBank,
  BANKS,
  expectError,
  SCA_HEADERS,
  send,
  signed,
  startAttackBank,
  TPPS,
} from './support.js';

const KARI = '13039319955';
const OLA = '12085592767';
const PAYMENT = '/v1/payments/norwegian-domestic-credit-transfers?allowLogicalDuplicate=true';

describe.each(BANKS)('a $profile bank on $host', ({ profile, host }) => {
  let bank: AttackBank;
  let payment: { body: unknown; headers: Record<string, string> };

  beforeAll(async () => {
    bank = await startAttackBank(profile, host);
    const state = (await (
      await fetch(`${bank.url}/_sandbank/state`, { headers: bank.control })
    ).json()) as State;
    const bban = (customer: string) =>
      Object.values(state.accounts).find(
        (a) => a.customerNumber === customer && a.accountName === 'Brukskonto',
      )?.bban;
    payment = {
      body: {
        instructedAmount: { amount: '10.00', currency: 'NOK' },
        creditorName: 'Ola Hansen',
        creditorAccount: { bban: bban(OLA), currency: 'NOK' },
        creditorAddress: { country: 'NO' },
        debtorAccount: { bban: bban(KARI), currency: 'NOK' },
        remittanceInformationUnstructured: 'Replay',
      },
      headers: {
        ...SCA_HEADERS,
        'psu-ip-address': '192.0.2.10',
        'psu-context': 'PRIVATE',
        'x-psu-identity': KARI,
        // part 4.1 (issue 15): payments require x-accept-fix; empty takes the defaults of the bank clock.
        'x-accept-fix': '',
      },
    };
  });
  afterAll(async () => {
    await bank?.stop();
  });

  const createPayment = (headers: Record<string, string> = {}) =>
    signed(bank, PAYMENT, { body: payment.body, headers: { ...payment.headers, ...headers } });

  describe('replay (item 3)', () => {
    it('an identical signed payment creation sent twice: 201, then 409 CONFLICT on X-Request-ID', async () => {
      const request = await createPayment();
      const replay = request.clone();
      expect((await send(bank, request)).status).toBe(201);
      expectError(await send(bank, replay), 409, 'CONFLICT', 'X-Request-ID');
    });

    it('a new signature over the same X-Request-ID of the same TPP: 409 CONFLICT', async () => {
      const id = crypto.randomUUID();
      expect((await send(bank, await createPayment({ 'x-request-id': id }))).status).toBe(201);
      expectError(
        await send(bank, await createPayment({ 'x-request-id': id })),
        409,
        'CONFLICT',
        'X-Request-ID',
      );
    });

    it('the same X-Request-ID from another TPP: 201', async () => {
      const id = crypto.randomUUID();
      const other = await createTppIdentity({
        roles: ['PSP_AI', 'PSP_PI'],
        organisationId: TPPS[2],
        validFrom: Date.parse('2020-01-01T00:00:00Z'),
        validTo: Date.parse('2049-12-31T00:00:00Z'),
      });
      expect((await send(bank, await createPayment({ 'x-request-id': id }))).status).toBe(201);
      const theirs = await signed(bank, PAYMENT, {
        body: payment.body,
        headers: { ...payment.headers, 'x-request-id': id },
        identity: other,
      });
      expect((await send(bank, theirs)).status).toBe(201);
    });

    it('a signed read sent twice: 200 both times', async () => {
      // An instant payment: the production profile emulates the NDCT status being unreadable before approval.
      const instant = '/v1/payments/instant-norwegian-domestic-credit-transfers-straks';
      const created = await send(
        bank,
        await signed(bank, instant, { body: payment.body, headers: payment.headers }),
      );
      expect(created.status).toBe(201);
      const read = await signed(bank, created.json._links.status.href, { headers: payment.headers });
      const again = read.clone();
      expect((await send(bank, read)).status).toBe(200);
      expect((await send(bank, again)).status).toBe(200);
    });
  });

  describe('signature edges (item 4)', () => {
    it('a 1024-bit RSA certificate (openssl): 400 BAD_REQUEST on the certificate, naming 2048', async () => {
      const weak = await opensslTpp(1024, TPPS[1]);
      const answer = await send(
        bank,
        await signed(bank, '/v1/accounts', { headers: SCA_HEADERS, identity: weak.identity }),
      );
      expectError(answer, 400, 'BAD_REQUEST', 'TPP-Signature-Certificate');
      expect(answer.json.tppMessages[0].text).toContain('at least 2048 bits');
    });

    it('a two-hour-old unsigned Date beside a signed X-Date: 400 BAD_REQUEST on Date', async () => {
      const request = await signed(bank, '/v1/accounts', { headers: SCA_HEADERS, date: 'x-date' });
      request.headers.set('date', formatHttpDate(Date.now() - 2 * 3_600_000));
      const answer = await send(bank, request);
      expectError(answer, 400, 'BAD_REQUEST', 'Date');
      expect(answer.json.tppMessages[0].text).toContain('not signed');
    });

    it('a two-hour-old unsigned X-Date beside a signed Date: 400 BAD_REQUEST on X-Date', async () => {
      const request = await signed(bank, '/v1/accounts', { headers: SCA_HEADERS });
      request.headers.set('x-date', formatHttpDate(Date.now() - 2 * 3_600_000));
      expectError(await send(bank, request), 400, 'BAD_REQUEST', 'X-Date');
    });
  });
});
