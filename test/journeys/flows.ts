import type { Sandbox, State } from '@sandbank/engine';
import { api, consent, KARI, OLA, walkSca } from '@sandbank/test-support/ais';
import { expect } from 'vitest';

/**
 * The account-information and payment journeys, end to end: signed requests, the
 * bank's SCA pages as a PSU walks them, the redirect, the bank clock and a batch, the booked result.
 */
export async function state(sb: Sandbox): Promise<State> {
  return (await api(sb, 'GET', '/_sandbank/state')).body as State;
}

export async function accountInformationJourney(sb: Sandbox) {
  const psu = await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
  const accounts = await api(sb, 'GET', '/v1/accounts?withBalance=true', { headers: psu.headers });
  expect(accounts.status).toBe(200);
  expect(accounts.body.accounts.length).toBe(2);
  const id = accounts.body.accounts[0].resourceId as string;
  const balances = await api(sb, 'GET', `/v1/accounts/${id}/balances`, { headers: psu.headers });
  expect(balances.body.balances.map((b: { balanceType: string }) => b.balanceType)).toContain(
    'closingBooked',
  );
  const page = await api(sb, 'GET', `/v1/accounts/${id}/transactions?bookingStatus=booked`, {
    headers: psu.headers,
  });
  expect(page.status).toBe(200);
  const first = page.body.transactions.booked[0];
  const details = await api(sb, 'GET', `/v1/accounts/${id}/transactions/${first.transactionId}`, {
    headers: { ...psu.headers, 'psu-ip-address': '192.0.2.10' },
  });
  expect(details.body.transactionsDetails.transactionId).toBe(first.transactionId);
  return { psu, accountId: id };
}

export async function paymentJourney(sb: Sandbox) {
  const { psu } = await accountInformationJourney(sb);
  const before = await state(sb);
  const kari = Object.values(before.accounts).find(
    (a) => a.customerNumber === KARI && a.accountName === 'Brukskonto',
  );
  const ola = Object.values(before.accounts).find(
    (a) => a.customerNumber === OLA && a.accountName === 'Brukskonto',
  );
  if (!kari || !ola) throw new Error('seed accounts missing');
  const created = await api(sb, 'POST', '/v1/payments/norwegian-domestic-credit-transfers', {
    headers: { ...psu.headers, 'psu-ip-address': '192.0.2.10', 'psu-context': 'PRIVATE' },
    body: {
      instructedAmount: { amount: '250.00', currency: 'NOK' },
      creditorName: 'Ola Hansen',
      creditorAccount: { bban: ola.bban, currency: 'NOK' },
      creditorAddress: { country: 'NO' },
      debtorAccount: { bban: kari.bban, currency: 'NOK' },
      remittanceInformationUnstructured: 'Middag',
    },
  });
  expect(created.status).toBe(201);
  expect(created.body.transactionStatus).toBe('RCVD');
  // The PSU approves on the bank's pages (dynamic linking: the amount and creditor are shown).
  const { params, pages } = await walkSca(sb, created.body._links.scaRedirect.href, { nationalId: KARI });
  expect(pages.some((p) => p.html.includes('250.00'))).toBe(true);
  expect(params.get('psu-id')).toBe(psu.psuId);
  const statusPath = `/v1/payments/norwegian-domestic-credit-transfers/${created.body.paymentId}/status`;
  const accepted = await api(sb, 'GET', statusPath, { headers: psu.headers });
  // ACWC: accepted with a change, when the bank moves the execution to the next banking day.
  expect(['ACCP', 'ACTC', 'ACWC']).toContain(accepted.body.transactionStatus);
  // Past the next batch run on the bank clock, the payment is booked.
  await api(sb, 'POST', '/_sandbank/clock', { body: { advanceMinutes: 2 * 24 * 60 } });
  const settled = await api(sb, 'GET', statusPath, { headers: psu.headers });
  expect(settled.body.transactionStatus).toBe('ACSC');
  const after = await state(sb);
  const debit = after.transactions[kari.id]
    ?.flat()
    .find((t) => t.paymentId === created.body.paymentId && t.status === 'booked');
  expect(debit?.amount).toBe('-250.00');
  const credit = after.transactions[ola.id]?.flat().find((t) => t.paymentId === created.body.paymentId);
  expect(credit?.amount).toBe('250.00');
}
