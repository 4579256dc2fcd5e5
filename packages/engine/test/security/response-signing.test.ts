// part 5.1 rule 10: the bank may sign responses and the TPP should verify them.
import { describe, expect, it } from 'vitest';
import { signResponse } from '../../src/security/index.js';
import {
  BANK_CERTIFICATE_HEADER,
  presetIdentity,
  sandboxBankIdentity,
  verifyResponse,
} from '../../src/tpp/index.js';
import { failure } from './support.js';

const bank = await sandboxBankIdentity();
const requestId = '3c9a2b1e-7d4f-4e8a-9b6c-5d2e1f0a9b8c';
const body = JSON.stringify({ paymentId: 'enc!!abc', transactionStatus: 'RCVD' });

function created(): Response {
  return new Response(body, {
    status: 201,
    headers: { 'Content-Type': 'application/json', 'X-Request-ID': requestId },
  });
}

describe('signed responses', () => {
  it('verify, naming the bank as a PSP_AS', async () => {
    const signed = await signResponse(created(), bank);
    const verdict = await verifyResponse(signed, { requestId, certificate: bank.certificate.base64 });
    expect(verdict).toMatchObject({ ok: true, tpp: { name: 'Sandbank ASA', roles: ['PSP_AS'] } });
    expect(await signed.text()).toBe(body);
  });

  it('sign digest, x-request-id and date, and carry the bank certificate', async () => {
    const signed = await signResponse(created(), bank);
    expect(signed.status).toBe(201);
    expect(signed.headers.get('signature')).toContain('headers="digest x-request-id date"');
    expect(signed.headers.get(BANK_CERTIFICATE_HEADER)).toBe(bank.certificate.base64);
    expect(signed.headers.get('digest')).toMatch(/^SHA-256=/);
  });

  it('echo the request id given when the response has none', async () => {
    const signed = await signResponse(new Response(null, { status: 204 }), bank, { requestId });
    expect(signed.status).toBe(204);
    expect(await verifyResponse(signed, { requestId })).toMatchObject({ ok: true });
  });

  it('fail when the body is changed', async () => {
    const signed = await signResponse(created(), bank);
    const changed = new Response('{"paymentId":"enc!!evil"}', { status: 201, headers: signed.headers });
    const verdict = failure(await verifyResponse(changed));
    expect(verdict).toMatchObject({ code: 'BAD_REQUEST', header: 'Digest' });
    expect(verdict.text).toContain('Digest SHA-256 does not match the body');
  });

  it('fail when signed by another certificate than the pinned one', async () => {
    const tpp = await presetIdentity('both');
    const signed = await signResponse(created(), tpp);
    const verdict = failure(await verifyResponse(signed, { certificate: bank.certificate.base64 }));
    expect(verdict).toMatchObject({ code: 'BAD_REQUEST', header: BANK_CERTIFICATE_HEADER });
    expect(verdict.text).toContain('not the pinned bank certificate');
  });

  it('fail when X-Request-ID does not echo the request', async () => {
    const signed = await signResponse(created(), bank);
    const verdict = failure(await verifyResponse(signed, { requestId: 'another-id' }));
    expect(verdict.text).toContain(
      `the response X-Request-ID ${requestId} does not echo the request's another-id`,
    );
  });

  it('fail without a Signature, citing rule 10', async () => {
    const verdict = failure(await verifyResponse(created()));
    expect(verdict).toMatchObject({ code: 'HTTP_HEADER_REQUIRED' });
    expect(verdict.text).toContain('part 5.1 rule 10');
  });

  it('leave the response body readable after verification', async () => {
    const signed = await signResponse(created(), bank);
    await verifyResponse(signed);
    expect(await signed.json()).toEqual(JSON.parse(body));
  });
});
