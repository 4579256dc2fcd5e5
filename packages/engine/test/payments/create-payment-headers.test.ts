import { codes, createPayment, KARI, ndctBody, newSandbox, state } from '@sandbank/test-support/payments';
import { describe, expect, it } from 'vitest';

describe('create payment: part 4.1 headers', () => {
  it.each([
    ['x-accept-fix', 'x-accept-fix'],
    ['tpp-session-id', 'TPP-Session-ID'],
    ['tpp-redirect-uri', 'TPP-Redirect-URI'],
    ['psu-ip-address', 'PSU-IP-Address'],
    ['psu-context', 'PSU-Context'],
    ['digest', 'Digest'],
  ])('rejects a payment without %s, naming it', async (header, name) => {
    const sb = newSandbox();
    const reply = await createPayment(sb, ndctBody(await state(sb)), { headers: { [header]: undefined } });
    expect(reply.status).toBe(400);
    expect(reply.body.tppMessages[0]).toMatchObject({ code: 'HTTP_HEADER_REQUIRED', path: name });
  });

  it('rejects a payment with neither PSU-ID nor X-PSU-IDENTITY', async () => {
    const sb = newSandbox();
    const reply = await createPayment(sb, ndctBody(await state(sb)), { headers: { 'psu-id': undefined } });
    expect(reply.status).toBe(400);
    expect(reply.body.tppMessages[0]).toMatchObject({ code: 'HTTP_HEADER_REQUIRED', path: 'PSU-ID' });
  });

  it('accepts X-PSU-IDENTITY instead of PSU-ID', async () => {
    const sb = newSandbox();
    const reply = await createPayment(sb, ndctBody(await state(sb)), {
      headers: { 'psu-id': undefined, 'x-psu-identity': KARI },
    });
    expect(reply.status).toBe(201);
  });

  it('accepts TPP-Brand-Logging-Information as optional', async () => {
    const sb = newSandbox();
    const reply = await createPayment(sb, ndctBody(await state(sb)), {
      headers: { 'tpp-brand-logging-information': 'Eksempel Bank App' },
    });
    expect(reply.status).toBe(201);
    expect(codes(reply)).toEqual([]);
  });
});
