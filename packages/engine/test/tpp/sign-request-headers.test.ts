// signRequest adds X-Request-ID, Digest (with a body), Date or X-Date, TPP-Signature-Certificate and
// Signature, and keeps the request otherwise as it was.
import { afterEach, describe, expect, it } from 'vitest';
import { createDigestHeader, parseSignatureHeader } from '../../src/security/index.js';
import { presetIdentity, signRequest } from '../../src/tpp/index.js';
import { verifyRequest } from '../security/support.js';

const identity = await presetIdentity('both');
const signatureOf = (request: Request) => {
  const parsed = parseSignatureHeader(request.headers.get('signature')!);
  if (!parsed.ok) throw new Error(parsed.text);
  return parsed.params;
};

describe('signRequest', () => {
  afterEach(() => {
    delete (globalThis as { window?: unknown }).window;
  });

  it('signs the present candidate headers in the platform order', async () => {
    const request = new Request('http://localhost/v1/payments/x', {
      method: 'POST',
      body: '{}',
      headers: { 'TPP-Redirect-URI': 'https://tpp.example/cb', 'PSU-Corporate-ID': 'c1', 'PSU-ID': 'p1' },
    });
    const signed = await signRequest(request, identity);
    expect(signatureOf(signed).headers).toEqual([
      'date',
      'digest',
      'x-request-id',
      'psu-id',
      'psu-corporate-id',
      'tpp-redirect-uri',
    ]);
    expect(await verifyRequest(signed, { digestRequired: true })).toMatchObject({ ok: true });
  });

  it('adds a UUID X-Request-ID when absent and keeps one that is present', async () => {
    const fresh = await signRequest(new Request('http://localhost/v1/accounts'), identity);
    expect(fresh.headers.get('x-request-id')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    const kept = await signRequest(
      new Request('http://localhost/v1/accounts', { headers: { 'X-Request-ID': 'mine' } }),
      identity,
    );
    expect(kept.headers.get('x-request-id')).toBe('mine');
  });

  it('adds Digest only when there is a body, and keeps the body byte for byte', async () => {
    const body = new Uint8Array([0x7b, 0x22, 0xc3, 0xb8, 0x22, 0x7d]);
    const post = await signRequest(new Request('http://localhost/v1/x', { method: 'POST', body }), identity);
    expect(post.headers.get('digest')).toBe(await createDigestHeader(body));
    expect(new Uint8Array(await post.arrayBuffer())).toEqual(body);
    const get = await signRequest(new Request('http://localhost/v1/accounts'), identity);
    expect(get.headers.has('digest')).toBe(false);
  });

  it('uses Date in Node by default and X-Date when asked', async () => {
    const now = Date.UTC(2026, 0, 2, 3, 4, 5);
    const node = await signRequest(new Request('http://localhost/v1/accounts'), identity, { now });
    expect(node.headers.get('date')).toBe('Fri, 02 Jan 2026 03:04:05 GMT');
    const xDate = await signRequest(new Request('http://localhost/v1/accounts'), identity, {
      now,
      date: 'x-date',
    });
    expect(xDate.headers.get('x-date')).toBe('Fri, 02 Jan 2026 03:04:05 GMT');
    expect(xDate.headers.has('date')).toBe(false);
    expect(signatureOf(xDate).headers[0]).toBe('x-date');
  });

  it('uses X-Date by default in a browser', async () => {
    (globalThis as { window?: unknown }).window = {};
    const signed = await signRequest(new Request('http://localhost/v1/accounts'), identity);
    expect(signed.headers.has('x-date')).toBe(true);
    expect(await verifyRequest(signed)).toMatchObject({ ok: true });
  });

  it('puts (request-target) first when asked', async () => {
    const signed = await signRequest(new Request('http://localhost/v1/accounts?withBalance=true'), identity, {
      requestTarget: true,
    });
    expect(signatureOf(signed).headers.slice(0, 2)).toEqual(['(request-target)', 'date']);
    expect(await verifyRequest(signed)).toMatchObject({ ok: true });
  });

  it('wraps the Signature as RFC 2047 when a signed value is not ASCII (part 5.1 rule 8)', async () => {
    const signed = await signRequest(
      new Request('http://localhost/v1/accounts', { headers: { 'PSU-ID': 'bjørn' } }),
      identity,
    );
    expect(signed.headers.get('signature')).toMatch(/^=\?utf-8\?B\?.+\?=$/);
    expect(signatureOf(signed).encoded).toBe(true);
    expect(await verifyRequest(signed)).toMatchObject({ ok: true });
  });

  it('keeps method, URL and other headers', async () => {
    const request = new Request('http://localhost/v1/payments/x?allowLogicalDuplicate=true', {
      method: 'PUT',
      body: 'x',
      headers: { 'Content-Type': 'text/plain', 'PSU-IP-Address': '192.0.2.1' },
    });
    const signed = await signRequest(request, identity);
    expect(signed.method).toBe('PUT');
    expect(signed.url).toBe(request.url);
    expect(signed.headers.get('content-type')).toBe('text/plain');
    expect(signed.headers.get('psu-ip-address')).toBe('192.0.2.1');
    expect(await request.text()).toBe('x');
  });
});
