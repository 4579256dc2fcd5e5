import { authorisationList, paymentById } from '@sandbank/engine';
import {
  account,
  advance,
  api,
  approve,
  BAKERI,
  cardAccount,
  cardNdctBody,
  createPayment,
  KARI,
  ndctBody,
  newSandbox,
  OLA,
  paymentHeaders,
  RORLEGGER,
  state,
} from '@sandbank/test-support/payments';
import { TEST_TPP } from '@sandbank/test-support/signing';
import { describe, expect, it } from 'vitest';
import { paymentScaOutcome } from '../../src/payments/sca-outcome.js';
import { corporateIdFor } from '../../src/sca/psu.js';
import { corporateHeaders } from './corporate.js';

describe('payment SCA outcome (briefs/sca-interface.md)', () => {
  it('refuses approval by a PSU who may not pay from the debtor account (PAYMENT_FAILED), leaving it RCVD', async () => {
    const sb = newSandbox();
    const created = await createPayment(sb, ndctBody(await state(sb)));
    const reply = await approve(sb, created.body.paymentId, OLA);
    expect(reply.status).toBe(400);
    expect(reply.body.tppMessages[0].code).toBe('PAYMENT_FAILED');
    expect(paymentById(await state(sb), created.body.paymentId)?.transactionStatus).toBe('RCVD');
  });

  it('lets only the holder approve a card-account payment, and not once the card account is deleted', async () => {
    const cardPayment = async () => {
      const sb = newSandbox();
      const s = await state(sb);
      const card = cardAccount(s, KARI);
      const created = await createPayment(sb, cardNdctBody(s));
      expect(created.status).toBe(201);
      return { sb, card, paymentId: created.body.paymentId as string };
    };
    const held = await cardPayment();
    expect((await approve(held.sb, held.paymentId, OLA)).body.tppMessages[0].code).toBe('PAYMENT_FAILED');
    expect((await approve(held.sb, held.paymentId, KARI)).status).toBe(200);

    const deleted = await cardPayment();
    const exported = (await api(deleted.sb, 'GET', '/_sandbank/state')).body;
    exported.cardAccounts[deleted.card.id].status = 'deleted';
    expect((await api(deleted.sb, 'PUT', '/_sandbank/state', { body: exported })).status).toBe(204);
    const refused = await approve(deleted.sb, deleted.paymentId, KARI);
    expect(refused.body.tppMessages[0].code).toBe('PAYMENT_FAILED');
    expect(paymentById(await state(deleted.sb), deleted.paymentId)?.transactionStatus).toBe('RCVD');
  });

  it('approves through the shortcut only while the authorisation lasts, as the pages do (15 minutes)', async () => {
    const sb = newSandbox();
    const created = await createPayment(sb, ndctBody(await state(sb)));
    await advance(sb, 16);
    const late = await approve(sb, created.body.paymentId);
    expect(late.status).toBe(400);
    expect(late.body.tppMessages[0].code).toBe('SCA_EXPIRED');
    expect(paymentById(await state(sb), created.body.paymentId)?.transactionStatus).toBe('RCVD');
    // A new authorisation can be approved.
    await api(sb, 'POST', `${created.body._links.self.href}/authorisations`, { headers: paymentHeaders() });
    expect((await approve(sb, created.body.paymentId)).body.transactionStatus).toBe('ACCP');
  });

  it('lets a corporate PSU pay from an account of its agreement', async () => {
    const sb = newSandbox();
    const s = await state(sb);
    const body = ndctBody(s, {
      debtorAccount: { bban: account(s, BAKERI, 'Driftskonto').bban, currency: 'NOK' },
    });
    const created = await createPayment(sb, body, { headers: corporateHeaders(s, BAKERI) });
    expect(created.status).toBe(201);
    // Another company's PSU, in its own agreement: not an account it may pay from.
    const wrong = await approve(sb, created.body.paymentId, RORLEGGER, {
      context: 'CORPORATE',
      corporateId: corporateHeaders(s, RORLEGGER)['psu-corporate-id'],
    });
    expect(wrong.body.tppMessages[0].code).toBe('PAYMENT_FAILED');
    const right = await approve(sb, created.body.paymentId, BAKERI);
    expect(right.body.transactionStatus).toBe('ACCP');
  });

  it('rejects the payment (RJCT) when the PSU cancels the SCA', async () => {
    const sb = newSandbox();
    const created = await createPayment(sb, ndctBody(await state(sb)));
    const reply = await api(
      sb,
      'POST',
      `/_sandbank/payments/${encodeURIComponent(created.body.paymentId)}/cancel-authorisation`,
    );
    expect(reply.body.transactionStatus).toBe('RJCT');
    expect((await approve(sb, created.body.paymentId)).status).toBe(409);
  });

  it('refuses a second approval', async () => {
    const sb = newSandbox();
    const created = await createPayment(sb, ndctBody(await state(sb)));
    await approve(sb, created.body.paymentId);
    const again = await approve(sb, created.body.paymentId);
    expect(again.status).toBe(409);
    expect(again.body.tppMessages[0].code).toBe('CONFLICT');
  });

  it('describes amount and creditor for dynamic linking, escaped', async () => {
    const sb = newSandbox();
    const s = await state(sb);
    await createPayment(sb, ndctBody(s, { creditorName: 'Ola <b>Hansen</b>' }));
    const after = await state(sb);
    const authorisation = authorisationList(after).find((a) => a.kind === 'payment');
    if (!authorisation) throw new Error('no authorisation');
    const text = paymentScaOutcome.describe(after, authorisation);
    expect(text).toContain('100.00 NOK');
    expect(text).toContain(account(s, OLA, 'Brukskonto').bban);
    expect(text).not.toContain('<b>');
  });

  it('validates the approve body', async () => {
    const sb = newSandbox();
    const created = await createPayment(sb, ndctBody(await state(sb)));
    const reply = await api(
      sb,
      'POST',
      `/_sandbank/payments/${encodeURIComponent(created.body.paymentId)}/approve`,
      {
        body: { psuNationalId: KARI.slice(1) },
      },
    );
    expect(reply.body.tppMessages[0]).toMatchObject({ code: 'FORMAT_ERROR', path: 'psuNationalId' });
  });
});

describe('X-PSU-IDENTITY and the PSU who authenticates', () => {
  it('refuses approval by another PSU than the one the TPP named', async () => {
    const sb = newSandbox();
    const s = await state(sb);
    const body = ndctBody(s, {
      debtorAccount: { bban: account(s, OLA, 'Brukskonto').bban, currency: 'NOK' },
      creditorAccount: { bban: account(s, KARI, 'Brukskonto').bban, currency: 'NOK' },
    });
    const created = await createPayment(sb, body, {
      headers: { 'psu-id': undefined, 'x-psu-identity': KARI },
    });
    const reply = await approve(sb, created.body.paymentId, OLA);
    expect(reply.status).toBe(400);
    expect(reply.body.tppMessages[0].text).toMatch(/X-PSU-IDENTITY/);
  });
});

describe('corporate context from the payment', () => {
  it('approves with the PSU-Corporate-ID and PSU-Context the TPP sent', async () => {
    const sb = newSandbox();
    const s = await state(sb);
    const agreement = Object.values(s.agreements).find((a) => a.owner === BAKERI);
    const body = ndctBody(s, {
      debtorAccount: { bban: account(s, BAKERI, 'Driftskonto').bban, currency: 'NOK' },
    });
    const created = await createPayment(sb, body, {
      headers: {
        'psu-context': 'CORPORATE',
        'psu-corporate-id': corporateIdFor(s, agreement?.agreementId ?? '', TEST_TPP),
      },
    });
    const reply = await approve(sb, created.body.paymentId, BAKERI);
    expect(reply.body.transactionStatus).toBe('ACCP');
  });
});
