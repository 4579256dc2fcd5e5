import {
  account,
  createPayment,
  ndctBody,
  newSandbox,
  RORLEGGER,
  state,
} from '@sandbank/test-support/payments';
import { describe, expect, it } from 'vitest';
import { isValidKid, mod10CheckDigit, mod11CheckDigit } from '../../src/payments/kid.js';

const kidBody = (s: Awaited<ReturnType<typeof state>>, reference: string | null, referenceType = 'KID') =>
  ndctBody(s, {
    creditorName: 'Nordkapp Rørlegger AS',
    creditorAccount: { bban: account(s, RORLEGGER, 'Regningskonto').bban, currency: 'NOK' },
    remittanceInformationUnstructured: reference === null ? 'Faktura' : undefined,
    ...(reference === null ? {} : { remittanceInformationStructuredArray: [{ reference, referenceType }] }),
  });

describe('KID references', () => {
  it('computes MOD10 and MOD11 check digits', () => {
    expect(mod10CheckDigit('27071972')).toBe(7);
    expect(mod11CheckDigit('27071972')).toBe(4);
    expect(mod11CheckDigit('4444')).toBeNull();
    expect(isValidKid('270719727')).toBe(true);
    expect(isValidKid('270719724')).toBe(true);
    expect(isValidKid('4444-')).toBe(true);
    expect(isValidKid('270719725')).toBe(false);
    expect(isValidKid('12a45674')).toBe(false);
  });

  it('accepts a payment with a valid KID to an account that demands one', async () => {
    const sb = newSandbox();
    const reply = await createPayment(sb, kidBody(await state(sb), '12345674'));
    expect(reply.status).toBe(201);
  });

  it('rejects a KID with a wrong check digit with 400 KID_INVALID', async () => {
    const sb = newSandbox();
    const reply = await createPayment(sb, kidBody(await state(sb), '12345675'));
    expect(reply.status).toBe(400);
    expect(reply.body.tppMessages[0]).toMatchObject({
      code: 'KID_INVALID',
      path: 'remittanceInformationStructuredArray[0].reference',
    });
  });

  it('names the deprecated structured object when its KID is invalid', async () => {
    const sb = newSandbox();
    const s = await state(sb);
    const reply = await createPayment(
      sb,
      ndctBody(s, {
        creditorName: 'Nordkapp Rørlegger AS',
        creditorAccount: { bban: account(s, RORLEGGER, 'Regningskonto').bban, currency: 'NOK' },
        remittanceInformationUnstructured: undefined,
        remittanceInformationStructured: { reference: '12345675', referenceType: 'KID' },
      }),
    );
    expect(reply.status).toBe(400);
    expect(reply.body.tppMessages[0]).toMatchObject({
      code: 'KID_INVALID',
      path: 'remittanceInformationStructured.reference',
    });
  });

  it('checks references typed OCR as KIDs too', async () => {
    const sb = newSandbox();
    const reply = await createPayment(sb, kidBody(await state(sb), '99999', 'OCR'));
    expect(reply.body.tppMessages[0].code).toBe('KID_INVALID');
  });

  it('rejects a payment without KID to an account that demands one with 400 KID_MISSING', async () => {
    const sb = newSandbox();
    const reply = await createPayment(sb, kidBody(await state(sb), null));
    expect(reply.status).toBe(400);
    expect(reply.body.tppMessages[0].code).toBe('KID_MISSING');
  });

  it('does not check references of other types', async () => {
    const sb = newSandbox();
    const s = await state(sb);
    const reply = await createPayment(
      sb,
      ndctBody(s, {
        remittanceInformationUnstructured: undefined,
        remittanceInformationStructuredArray: [{ reference: 'Faktura 1', referenceType: 'INVOICE' }],
      }),
    );
    expect(reply.status).toBe(201);
  });
});
