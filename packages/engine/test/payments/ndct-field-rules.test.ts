import { cardAccountList } from '@sandbank/engine';
import {
  account,
  codes,
  createPayment,
  KARI,
  ndctBody,
  newSandbox,
  OLA,
  state,
} from '@sandbank/test-support/payments';
import { describe, expect, it } from 'vitest';
import type { State } from '../../src/core/state.js';

type Case = [string, (s: State) => Record<string, unknown>, string, string];

const cases: Case[] = [
  [
    'more fraction digits than NOK has',
    (s) => ndctBody(s, { instructedAmount: { amount: '10.001', currency: 'NOK' } }),
    'FORMAT_ERROR',
    'instructedAmount.amount',
  ],
  [
    'a zero amount',
    (s) => ndctBody(s, { instructedAmount: { amount: '0.00', currency: 'NOK' } }),
    'FORMAT_ERROR',
    'instructedAmount.amount',
  ],
  [
    'a negative amount',
    (s) => ndctBody(s, { instructedAmount: { amount: '-5.00', currency: 'NOK' } }),
    'FORMAT_ERROR',
    'instructedAmount.amount',
  ],
  [
    'an amount that is not a decimal',
    (s) => ndctBody(s, { instructedAmount: { amount: '1e3', currency: 'NOK' } }),
    'FORMAT_ERROR',
    'instructedAmount.amount',
  ],
  [
    'more than 18 integer digits',
    (s) => ndctBody(s, { instructedAmount: { amount: '1234567890123456789', currency: 'NOK' } }),
    'FORMAT_ERROR',
    'instructedAmount.amount',
  ],
  [
    'an unknown currency',
    (s) => ndctBody(s, { instructedAmount: { amount: '10.00', currency: 'XXX' } }),
    'FORMAT_ERROR',
    'instructedAmount.currency',
  ],
  ['a missing creditorName', (s) => ndctBody(s, { creditorName: undefined }), 'FORMAT_ERROR', 'creditorName'],
  [
    'a creditorName over 70 characters',
    (s) => ndctBody(s, { creditorName: 'x'.repeat(71) }),
    'FORMAT_ERROR',
    'creditorName',
  ],
  [
    'an ultimateDebtor over 70 characters',
    (s) => ndctBody(s, { ultimateDebtor: 'x'.repeat(71) }),
    'FORMAT_ERROR',
    'ultimateDebtor',
  ],
  [
    'a missing creditorAddress',
    (s) => ndctBody(s, { creditorAddress: undefined }),
    'FORMAT_ERROR',
    'creditorAddress',
  ],
  [
    'a creditorAddress without country',
    (s) => ndctBody(s, { creditorAddress: { city: 'Oslo' } }),
    'FORMAT_ERROR',
    'creditorAddress.country',
  ],
  [
    'an unknown country',
    (s) => ndctBody(s, { creditorAddress: { country: 'QQ' } }),
    'FORMAT_ERROR',
    'creditorAddress.country',
  ],
  [
    'a street over 70 characters',
    (s) => ndctBody(s, { creditorAddress: { country: 'NO', street: 'x'.repeat(71) } }),
    'FORMAT_ERROR',
    'creditorAddress.street',
  ],
  [
    'a city over 35 characters',
    (s) => ndctBody(s, { creditorAddress: { country: 'NO', city: 'x'.repeat(36) } }),
    'FORMAT_ERROR',
    'creditorAddress.city',
  ],
  [
    'a postalCode over 16 characters',
    (s) => ndctBody(s, { creditorAddress: { country: 'NO', postalCode: '1'.repeat(17) } }),
    'FORMAT_ERROR',
    'creditorAddress.postalCode',
  ],
  [
    'a referenceIssuer over 35 characters',
    (s) =>
      ndctBody(s, {
        remittanceInformationUnstructured: undefined,
        remittanceInformationStructuredArray: [{ reference: 'A', referenceIssuer: 'x'.repeat(36) }],
      }),
    'FORMAT_ERROR',
    'remittanceInformationStructuredArray[0].referenceIssuer',
  ],
  [
    'an empty reference',
    (s) =>
      ndctBody(s, {
        remittanceInformationUnstructured: undefined,
        remittanceInformationStructuredArray: [{ reference: '' }],
      }),
    'FORMAT_ERROR',
    'remittanceInformationStructuredArray[0].reference',
  ],
  [
    'an empty structured array',
    (s) =>
      ndctBody(s, { remittanceInformationUnstructured: undefined, remittanceInformationStructuredArray: [] }),
    'FORMAT_ERROR',
    'remittanceInformationStructuredArray',
  ],
  [
    'a creditor bban with a wrong check digit',
    (s) => ndctBody(s, { creditorAccount: { bban: '12345678901', currency: 'NOK' } }),
    'FORMAT_ERROR',
    'creditorAccount.bban',
  ],
  [
    'a creditor bban over 30 characters',
    (s) => ndctBody(s, { creditorAccount: { bban: '1'.repeat(31), currency: 'NOK' } }),
    'FORMAT_ERROR',
    'creditorAccount.bban',
  ],
  [
    'a creditor account without currency',
    (s) => ndctBody(s, { creditorAccount: { bban: account(s, OLA, 'Brukskonto').bban } }),
    'FORMAT_ERROR',
    'creditorAccount.currency',
  ],
  [
    'a debtor with both bban and other',
    (s) =>
      ndctBody(s, {
        debtorAccount: {
          bban: account(s, KARI, 'Brukskonto').bban,
          other: { identification: '1', schemeNameProprietary: 'creditCardAccount' },
          currency: 'NOK',
        },
      }),
    'FORMAT_ERROR',
    'debtorAccount',
  ],
  [
    'a debtor with neither bban nor other',
    (s) => ndctBody(s, { debtorAccount: { currency: 'NOK' } }),
    'FORMAT_ERROR',
    'debtorAccount',
  ],
  [
    'a card debtor with another scheme name',
    (s) =>
      ndctBody(s, {
        debtorAccount: {
          other: { identification: '1', schemeNameProprietary: 'debitCard' },
          currency: 'NOK',
        },
      }),
    'FORMAT_ERROR',
    'debtorAccount.other.schemeNameProprietary',
  ],
  [
    'a debtor bban not in the sandbox',
    (s) => ndctBody(s, { debtorAccount: { bban: '12345678903', currency: 'NOK' } }),
    'RESOURCE_UNKNOWN',
    'debtorAccount.bban',
  ],
  [
    "a debtor currency other than the account's",
    (s) => ndctBody(s, { debtorAccount: { bban: account(s, KARI, 'Brukskonto').bban, currency: 'EUR' } }),
    'FORMAT_ERROR',
    'debtorAccount.currency',
  ],
  [
    'a payment to a currency account without creditorAgent',
    (s) =>
      ndctBody(s, {
        instructedAmount: { amount: '10.00', currency: 'EUR' },
        creditorAccount: { bban: account(s, OLA, 'Valutakonto').bban, currency: 'EUR' },
      }),
    'FORMAT_ERROR',
    'creditorAgent',
  ],
  [
    'a creditorAgent that is not a BIC',
    (s) => ndctBody(s, { creditorAgent: 'DNB' }),
    'FORMAT_ERROR',
    'creditorAgent',
  ],
  [
    'both unstructured and structured remittance',
    (s) => ndctBody(s, { remittanceInformationStructuredArray: [{ reference: 'A1' }] }),
    'FORMAT_ERROR',
    'remittanceInformationUnstructured',
  ],
  [
    'an empty unstructured remittance',
    (s) => ndctBody(s, { remittanceInformationUnstructured: '' }),
    'FORMAT_ERROR',
    'remittanceInformationUnstructured',
  ],
  [
    'an unstructured remittance over 140 characters',
    (s) => ndctBody(s, { remittanceInformationUnstructured: 'x'.repeat(141) }),
    'FORMAT_ERROR',
    'remittanceInformationUnstructured',
  ],
  [
    'a reference over 35 characters',
    (s) =>
      ndctBody(s, {
        remittanceInformationUnstructured: undefined,
        remittanceInformationStructuredArray: [{ reference: 'x'.repeat(36) }],
      }),
    'FORMAT_ERROR',
    'remittanceInformationStructuredArray[0].reference',
  ],
  [
    'an empty referenceType',
    (s) =>
      ndctBody(s, {
        remittanceInformationUnstructured: undefined,
        remittanceInformationStructuredArray: [{ reference: 'A', referenceType: '' }],
      }),
    'FORMAT_ERROR',
    'remittanceInformationStructuredArray[0].referenceType',
  ],
  [
    'the deprecated object together with the array',
    (s) =>
      ndctBody(s, {
        remittanceInformationUnstructured: undefined,
        remittanceInformationStructured: { reference: 'A' },
        remittanceInformationStructuredArray: [{ reference: 'B' }],
      }),
    'FORMAT_ERROR',
    'remittanceInformationStructured',
  ],
  ['an unknown purposeCode', (s) => ndctBody(s, { purposeCode: 'GIFT' }), 'FORMAT_ERROR', 'purposeCode'],
  [
    'a requestedExecutionDate that is no date',
    (s) => ndctBody(s, { requestedExecutionDate: '2026-02-30' }),
    'FORMAT_ERROR',
    'requestedExecutionDate',
  ],
  [
    'a payment to the debtor account itself',
    (s) => ndctBody(s, { creditorAccount: { bban: account(s, KARI, 'Brukskonto').bban, currency: 'NOK' } }),
    'FORMAT_ERROR',
    'creditorAccount',
  ],
];

describe('NDCT field rules (part 2.2)', () => {
  it.each(cases)('rejects %s', async (_name, make, code, path) => {
    const sb = newSandbox();
    const reply = await createPayment(sb, make(await state(sb)));
    expect(reply.status).toBe(400);
    expect(reply.body.tppMessages).toContainEqual(expect.objectContaining({ category: 'ERROR', code, path }));
  });

  it('accepts a payment to a currency account with a creditorAgent', async () => {
    const sb = newSandbox();
    const s = await state(sb);
    const reply = await createPayment(
      sb,
      ndctBody(s, {
        instructedAmount: { amount: '10.00', currency: 'EUR' },
        creditorAgent: 'SBAKNOKK',
        creditorAccount: { bban: account(s, OLA, 'Valutakonto').bban, currency: 'EUR' },
      }),
    );
    expect(reply.status).toBe(201);
  });

  it('accepts the deprecated structured object with a WARNING', async () => {
    const sb = newSandbox();
    const s = await state(sb);
    const reply = await createPayment(
      sb,
      ndctBody(s, {
        remittanceInformationUnstructured: undefined,
        remittanceInformationStructured: { reference: 'Faktura 12' },
      }),
    );
    expect(reply.status).toBe(201);
    expect(codes(reply)).toEqual([]);
    expect(reply.body.tppMessages).toContainEqual(
      expect.objectContaining({ category: 'WARNING', path: 'remittanceInformationStructured' }),
    );
  });

  it('pays from a credit card account given as other/creditCardAccount', async () => {
    const sb = newSandbox();
    const s = await state(sb);
    const card = cardAccountList(s).find((c) => c.customerNumber === KARI);
    const reply = await createPayment(
      sb,
      ndctBody(s, {
        debtorAccount: {
          other: { identification: card?.accountNumber, schemeNameProprietary: 'creditCardAccount' },
          currency: 'NOK',
        },
      }),
    );
    expect(reply.status).toBe(201);
  });

  it('rejects a JPY amount with fraction digits (ISO 4217: 0 minor units)', async () => {
    const sb = newSandbox();
    const s = await state(sb);
    const reply = await createPayment(
      sb,
      ndctBody(s, { instructedAmount: { amount: '100.5', currency: 'JPY' } }),
    );
    expect(reply.status).toBe(400);
    expect(reply.body.tppMessages[0].path).toBe('instructedAmount.amount');
  });
});
