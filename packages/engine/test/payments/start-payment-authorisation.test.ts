import {
  api,
  approve,
  createPayment,
  ndctBody,
  newSandbox,
  paymentHeaders,
  state,
} from '@sandbank/test-support/payments';
import { describe, expect, it } from 'vitest';

describe('POST payment authorisations', () => {
  it('starts a new SCA: 201 scaStatus started with an scaRedirect', async () => {
    const sb = newSandbox();
    const created = await createPayment(sb, ndctBody(await state(sb)));
    const reply = await api(sb, 'POST', `${created.body._links.self.href}/authorisations`, {
      headers: paymentHeaders(),
    });
    expect(reply.status).toBe(201);
    expect(reply.body.scaStatus).toBe('started');
    expect(reply.body._links.scaRedirect.href).toMatch(/\/_sandbank\/sca\//);
    expect(reply.body._links.scaRedirect.href).not.toBe(created.body._links.scaRedirect.href);
  });

  it('the newest authorisation is the one approved', async () => {
    const sb = newSandbox();
    const created = await createPayment(sb, ndctBody(await state(sb)));
    await api(sb, 'POST', `${created.body._links.self.href}/authorisations`, { headers: paymentHeaders() });
    expect((await approve(sb, created.body.paymentId)).body.transactionStatus).toBe('ACCP');
  });

  it('refuses a signed payment with 409 CONFLICT', async () => {
    const sb = newSandbox();
    const created = await createPayment(sb, ndctBody(await state(sb)));
    await approve(sb, created.body.paymentId);
    const reply = await api(sb, 'POST', `${created.body._links.self.href}/authorisations`, {
      headers: paymentHeaders(),
    });
    expect(reply.status).toBe(409);
    expect(reply.body.tppMessages[0].code).toBe('CONFLICT');
  });

  it('requires TPP-Redirect-URI', async () => {
    const sb = newSandbox();
    const created = await createPayment(sb, ndctBody(await state(sb)));
    const reply = await api(sb, 'POST', `${created.body._links.self.href}/authorisations`);
    expect(reply.body.tppMessages[0]).toMatchObject({
      code: 'HTTP_HEADER_REQUIRED',
      path: 'TPP-Redirect-URI',
    });
  });
});
