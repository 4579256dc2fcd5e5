import { getPage, redirectParams, submit } from '@sandbank/test-support/ais';
import {
  api,
  approve,
  createPayment,
  KARI,
  ndctBody,
  newSandbox,
  paymentHeaders,
  state,
} from '@sandbank/test-support/payments';
import { TEST_TPP } from '@sandbank/test-support/signing';
import { describe, expect, it } from 'vitest';
import { psuIdFor } from '../../src/sca/psu.js';

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

  it('keeps the PSU and session of the payment for what the new request leaves out (part 5.3 callback)', async () => {
    const sb = newSandbox();
    const s = await state(sb);
    const psuId = psuIdFor(s, KARI, TEST_TPP);
    const created = await createPayment(sb, ndctBody(s), {
      headers: { 'psu-id': psuId, 'tpp-session-id': 'session-of-the-payment' },
    });
    const reply = await api(sb, 'POST', `${created.body._links.self.href}/authorisations`, {
      headers: { 'tpp-redirect-uri': 'https://tpp.example/other' },
    });
    expect(reply.status).toBe(201);
    const href = reply.body._links.scaRedirect.href;
    const login = await getPage(sb, href);
    const confirm = await submit(sb, href, login, { nationalIdentityNumber: KARI });
    const ended = await submit(sb, href, confirm);
    expect(ended.location?.startsWith('https://tpp.example/other?')).toBe(true);
    const params = redirectParams(ended);
    expect(params.get('tpp-session-id')).toBe('session-of-the-payment');
    expect(params.get('psu-id')).toBe(psuId);
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
