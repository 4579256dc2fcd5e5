import {
  account,
  BAKERI,
  codes,
  createPayment,
  KARI,
  NCBCT,
  ncbctBody,
  newSandbox,
  OLA,
  state,
} from '@sandbank/test-support/payments';
import { describe, expect, it } from 'vitest';
import { corporateHeaders } from './corporate.js';

const reporting = { regulatoryReportingCode: '14', regulatoryReportingInformation: 'Kjøp av maskiner' };

describe('NCBCT field rules (part 2.3)', () => {
  it('requires creditorAgent when the creditor account is a bban', async () => {
    const sb = newSandbox();
    const reply = await createPayment(
      sb,
      ncbctBody(await state(sb), { creditorAccount: { bban: '0532013000', currency: 'EUR' } }),
      {
        product: NCBCT,
      },
    );
    expect(reply.status).toBe(400);
    expect(reply.body.tppMessages[0]).toMatchObject({ code: 'FORMAT_ERROR', path: 'creditorAgent' });
  });

  it('accepts a bban creditor with creditorAgent', async () => {
    const sb = newSandbox();
    const body = ncbctBody(await state(sb), {
      creditorAccount: { bban: '0532013000', currency: 'EUR' },
      creditorAgent: 'COBADEFFXXX',
    });
    expect((await createPayment(sb, body, { product: NCBCT })).status).toBe(201);
  });

  it('refuses a reference whose bban and iban name different accounts', async () => {
    const sb = newSandbox();
    const s = await state(sb);
    const ola = account(s, OLA, 'Brukskonto');
    const kari = account(s, KARI, 'Sparekonto');
    const both = (bban: string, iban: string | undefined) => ({ bban, iban, currency: 'NOK' });
    const creditor = await createPayment(
      sb,
      ncbctBody(s, {
        instructedAmount: { amount: '250.00', currency: 'NOK' },
        creditorAccount: both(ola.bban, kari.iban),
        creditorAgent: 'DNBANOKK',
        debtorAccount: both(account(s, KARI, 'Brukskonto').bban, undefined),
      }),
      { product: NCBCT },
    );
    expect(creditor.status).toBe(400);
    expect(creditor.body.tppMessages[0]).toMatchObject({
      code: 'FORMAT_ERROR',
      path: 'creditorAccount.iban',
    });
    const debtor = await createPayment(
      sb,
      ncbctBody(s, {
        instructedAmount: { amount: '250.00', currency: 'NOK' },
        debtorAccount: both(account(s, KARI, 'Brukskonto').bban, kari.iban),
      }),
      { product: NCBCT },
    );
    expect(debtor.status).toBe(400);
    expect(debtor.body.tppMessages[0]).toMatchObject({ code: 'FORMAT_ERROR', path: 'debtorAccount.iban' });
    // Both, for the same account: one account, as with either.
    const same = await createPayment(
      sb,
      ncbctBody(s, {
        instructedAmount: { amount: '250.00', currency: 'NOK' },
        creditorAccount: both(ola.bban, ola.iban),
        creditorAgent: 'DNBANOKK',
        debtorAccount: both(account(s, KARI, 'Brukskonto').bban, account(s, KARI, 'Brukskonto').iban),
      }),
      { product: NCBCT },
    );
    expect(same.status).toBe(201);
    // An account elsewhere: its national number need not be the BBAN inside its IBAN.
    const foreign = await createPayment(
      sb,
      ncbctBody(s, {
        creditorAccount: { bban: '0532013000', iban: 'DE89370400440532013000', currency: 'EUR' },
        creditorAgent: 'COBADEFFXXX',
      }),
      { product: NCBCT },
    );
    expect(foreign.status).toBe(201);
  });

  it('rejects an invalid creditor IBAN', async () => {
    const sb = newSandbox();
    const reply = await createPayment(
      sb,
      ncbctBody(await state(sb), { creditorAccount: { iban: 'DE89370400440532013001', currency: 'EUR' } }),
      {
        product: NCBCT,
      },
    );
    expect(reply.body.tppMessages[0]).toMatchObject({ code: 'FORMAT_ERROR', path: 'creditorAccount.iban' });
  });

  it('requires the reporting fields at EUR 8 700 (NOK 100 050 at the fixed rate 11.5)', async () => {
    const sb = newSandbox();
    const reply = await createPayment(
      sb,
      ncbctBody(await state(sb), { instructedAmount: { amount: '8700.00', currency: 'EUR' } }),
      {
        product: NCBCT,
      },
    );
    expect(reply.status).toBe(400);
    expect(reply.body.tppMessages.map((m: { path: string }) => m.path)).toEqual([
      'regulatoryReportingCode',
      'regulatoryReportingInformation',
    ]);
  });

  it('requires them at exactly NOK 100 000 and not at NOK 99 999.99', async () => {
    const sb = newSandbox();
    const s = await state(sb);
    const nok = (amount: string) =>
      ncbctBody(s, {
        instructedAmount: { amount, currency: 'NOK' },
        debtorAccount: { bban: account(s, BAKERI, 'Driftskonto').bban, currency: 'NOK' },
      });
    expect(
      codes(
        await createPayment(sb, nok('100000.00'), {
          product: NCBCT,
          headers: corporateHeaders(s, BAKERI),
        }),
      ),
    ).toEqual(['FORMAT_ERROR', 'FORMAT_ERROR']);
    expect((await createPayment(sb, nok('99999.99'), { product: NCBCT })).status).toBe(201);
  });

  it('accepts a large transfer with reporting code and information', async () => {
    const sb = newSandbox();
    const body = ncbctBody(await state(sb), {
      instructedAmount: { amount: '9000.00', currency: 'EUR' },
      ...reporting,
    });
    expect((await createPayment(sb, body, { product: NCBCT })).status).toBe(201);
  });

  it('rejects a regulatoryReportingCode outside the enumeration', async () => {
    const sb = newSandbox();
    const body = ncbctBody(await state(sb), { regulatoryReportingCode: '99' });
    const reply = await createPayment(sb, body, { product: NCBCT });
    expect(reply.body.tppMessages[0]).toMatchObject({
      code: 'FORMAT_ERROR',
      path: 'regulatoryReportingCode',
    });
  });

  it('rejects regulatoryReportingInformation over 140 characters', async () => {
    const sb = newSandbox();
    const body = ncbctBody(await state(sb), { regulatoryReportingInformation: 'x'.repeat(141) });
    const reply = await createPayment(sb, body, { product: NCBCT });
    expect(reply.body.tppMessages[0]).toMatchObject({
      code: 'FORMAT_ERROR',
      path: 'regulatoryReportingInformation',
    });
  });

  it('rejects a creditor iban over 34 characters', async () => {
    const sb = newSandbox();
    const body = ncbctBody(await state(sb), {
      creditorAccount: { iban: `DE${'1'.repeat(33)}`, currency: 'EUR' },
    });
    const reply = await createPayment(sb, body, { product: NCBCT });
    expect(reply.body.tppMessages[0]).toMatchObject({ code: 'FORMAT_ERROR', path: 'creditorAccount.iban' });
  });
});
