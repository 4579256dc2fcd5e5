// part 5.1 rule 5: the `headers` list names, in signing order, every candidate header the request has
// (date, digest, x-request-id, psu-id, psu-corporate-id, tpp-redirect-uri), and only headers it has.
import { describe, expect, it } from 'vitest';
import { presetIdentity, signRequest } from '../../src/tpp/index.js';
import { failure, rewriteSignature, tamper, verifyRequest } from './support.js';

const identity = await presetIdentity('both');
const psuHeaders = { 'PSU-ID': 'p-13039319955', 'TPP-Redirect-URI': 'https://tpp.example/cb' };

function get(headers: Record<string, string> = psuHeaders) {
  return new Request('http://localhost/v1/accounts', { headers });
}

describe('the signed header list', () => {
  it('must list every candidate header the request has', async () => {
    const signed = await signRequest(get(), identity, {
      headers: ['date', 'x-request-id', 'tpp-redirect-uri'],
    });
    const verdict = failure(await verifyRequest(signed));
    expect(verdict).toMatchObject({ code: 'BAD_REQUEST', header: 'Signature' });
    expect(verdict.text).toContain('signed header list lacks psu-id');
  });

  it('must list digest when the request has a Digest', async () => {
    const post = new Request('http://localhost/v1/payments/x', {
      method: 'POST',
      body: '{}',
      headers: psuHeaders,
    });
    const signed = await signRequest(post, identity, {
      headers: ['date', 'x-request-id', 'psu-id', 'tpp-redirect-uri'],
    });
    const verdict = failure(await verifyRequest(signed));
    expect(verdict.text).toContain('signed header list lacks digest');
  });

  it('names only headers the request has', async () => {
    const signed = await signRequest(get(), identity);
    const verdict = failure(await verifyRequest(await tamper(signed, { 'PSU-ID': null })));
    expect(verdict.text).toContain('signed header list names psu-id but the request has no PSU-ID header');
  });

  it('must list the date', async () => {
    const signed = await signRequest(get({}), identity, { headers: ['x-request-id'] });
    const verdict = failure(await verifyRequest(signed));
    expect(verdict.text).toContain('signed header list lacks date');
  });

  it('must list x-date when X-Date stands in for Date', async () => {
    const signed = await signRequest(get({}), identity, { date: 'x-date', headers: ['x-request-id'] });
    const verdict = failure(await verifyRequest(signed));
    expect(verdict.text).toContain('signed header list lacks x-date');
  });

  it('fails the RSA check when reordered (the listed order is the signing order)', async () => {
    const signed = await signRequest(get(), identity);
    const reordered = 'x-request-id date psu-id tpp-redirect-uri';
    const verdict = failure(
      await verifyRequest(await tamper(signed, rewriteSignature(signed, 'headers', reordered))),
    );
    expect(verdict).toMatchObject({ code: 'BAD_REQUEST', header: 'Signature' });
    expect(verdict.text).toContain(
      "signature does not verify against the certificate's key (signing string was: ",
    );
    expect(verdict.text).toContain('"x-request-id: ');
  });

  it('must not name a header twice', async () => {
    const signed = await signRequest(get(), identity);
    const twice = 'date x-request-id psu-id tpp-redirect-uri date';
    const verdict = failure(
      await verifyRequest(await tamper(signed, rewriteSignature(signed, 'headers', twice))),
    );
    expect(verdict.text).toContain('signed header list names date twice');
  });

  it('holds only header names', async () => {
    const signed = await signRequest(get(), identity);
    const odd = 'date x-request-id psu-ïd tpp-redirect-uri';
    const verdict = failure(
      await verifyRequest(await tamper(signed, rewriteSignature(signed, 'headers', odd))),
    );
    expect(verdict.text).toContain('signed header list names "psu-ïd", which is not a header name');
  });

  it('may hold (request-target) but no other pseudo-header', async () => {
    const signed = await signRequest(get(), identity, { requestTarget: true });
    expect(await verifyRequest(signed)).toMatchObject({ ok: true });
    const created = '(created) date x-request-id psu-id tpp-redirect-uri';
    const verdict = failure(
      await verifyRequest(await tamper(signed, rewriteSignature(signed, 'headers', created))),
    );
    expect(verdict.text).toContain('names (created), which this bank does not support');
  });

  it('fails when (request-target) is signed and the target changes', async () => {
    const signed = await signRequest(get(), identity, { requestTarget: true });
    const moved = new Request('http://localhost/v1/accounts?withBalance=true', { headers: signed.headers });
    const verdict = failure(await verifyRequest(moved));
    expect(verdict.text).toContain('(request-target): get /v1/accounts');
  });
});
