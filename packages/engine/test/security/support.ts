// Shared test plumbing: fixtures made by openssl (make-fixtures.sh), and "request in, verdict out".
import { readFileSync } from 'node:fs';
import { SECURITY_FIXTURES } from '@sandbank/test-support/fixtures';
import { signingClockNow } from '../../src/core/signing-clock.js';
import {
  createRequestVerifier,
  parseSignatureHeader,
  type SignatureVerdict,
  type VerifyOptions,
} from '../../src/security/index.js';
import { importTppIdentity, type TppIdentity } from '../../src/tpp/index.js';

const fixtureDir = SECURITY_FIXTURES;

export function fixtureText(name: string): string {
  return readFileSync(`${fixtureDir}${name}`, 'utf8');
}

export interface Vector {
  name: string;
  method: string;
  target: string;
  body: string | null;
  headers: [string, string][];
  signedHeaders: string[];
  signingString: string;
  signature: string;
  signatureHeader: string;
}

export interface Vectors {
  keyId: string;
  serial: string;
  issuer: string;
  subject: string;
  fingerprint: string;
  certificateBase64: string;
  vectors: Vector[];
}

export const fixtures: Vectors = JSON.parse(fixtureText('vectors.json'));

export function vector(name: string): Vector {
  const found = fixtures.vectors.find((v) => v.name === name);
  if (!found) throw new Error(`no vector ${name}`);
  return found;
}

/** The openssl-made vector as a signed web Request. */
export function vectorRequest(v: Vector, changes: Record<string, string | null> = {}): Request {
  const headers = new Headers(v.headers);
  headers.set('Signature', v.signatureHeader);
  headers.set('TPP-Signature-Certificate', fixtures.certificateBase64);
  const init: RequestInit = { method: v.method, headers: withChanges(headers, changes) };
  if (v.body !== null) init.body = v.body;
  return new Request(`http://localhost${v.target}`, init);
}

/** The bank clock at the vector's date header. */
export function vectorNow(v: Vector): number {
  const date = v.headers.find(([name]) => /^x?-?date$/i.test(name));
  return Date.parse(date?.[1] ?? '');
}

export function fixtureIdentity(): Promise<TppIdentity> {
  return importTppIdentity({
    certificatePem: fixtureText('tpp-a.cert.pem'),
    privateKeyPem: fixtureText('tpp-a.key.pem'),
  });
}

export function withChanges(headers: Headers, changes: Record<string, string | null>): Headers {
  const copy = new Headers(headers);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) copy.delete(name);
    else copy.set(name, value);
  }
  return copy;
}

/** A copy of the request with headers changed (null deletes) and optionally another body. */
export async function tamper(
  request: Request,
  changes: Record<string, string | null>,
  body?: string,
): Promise<Request> {
  const init: RequestInit = { method: request.method, headers: withChanges(request.headers, changes) };
  if (body !== undefined) init.body = body;
  else if (request.body !== null) init.body = await request.clone().arrayBuffer();
  return new Request(request.url, init);
}

/** Rewrites one part of the request's Signature header, keeping the others. */
export function rewriteSignature(
  request: Request,
  part: 'keyId' | 'algorithm' | 'headers' | 'signature',
  value: string,
): Record<string, string> {
  const parsed = parseSignatureHeader(request.headers.get('signature') ?? '');
  if (!parsed.ok) throw new Error(parsed.text);
  const p = parsed.params;
  const parts = {
    keyId: p.keyId,
    algorithm: p.algorithm,
    headers: p.headers.join(' '),
    signature: p.signatureBase64,
  };
  parts[part] = value;
  const header = Object.entries(parts)
    .map(([k, v]) => `${k}="${v}"`)
    .join(',');
  return { Signature: header };
}

const sharedVerifier = createRequestVerifier();

export async function verifyRequest(
  request: Request,
  options: Partial<VerifyOptions> = {},
  verifier = sharedVerifier,
): Promise<SignatureVerdict> {
  const url = new URL(request.url);
  const body = request.body === null ? null : new Uint8Array(await request.clone().arrayBuffer());
  return verifier.verify(
    { method: request.method, target: `${url.pathname}${url.search}`, headers: request.headers, body },
    // The clock the signer dated it by when given no date (core/signing-clock.ts): the last sandbox's
    // in this realm, so that a file sharing its realm with others is checked on the clock it signed by.
    { now: signingClockNow(), digestRequired: false, ...options },
  );
}

/** Asserts a failed verdict and returns it, for `expect(...).toMatchObject` on code and text. */
export function failure(verdict: SignatureVerdict): Extract<SignatureVerdict, { ok: false }> {
  if (verdict.ok) throw new Error(`expected a failure, got ok for ${verdict.tpp.subjectDn}`);
  return verdict;
}

/** A SubtleCrypto that records the operations it serves, and fails the ones it is told to. */
export function recordingSubtle(): { subtle: SubtleCrypto; calls: string[]; fail: Record<string, boolean> } {
  const real = globalThis.crypto.subtle;
  const calls: string[] = [];
  const fail: Record<string, boolean> = {};
  const subtle = new Proxy(real, {
    get(target, name) {
      const value = Reflect.get(target, name, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls.push(String(name));
        if (fail[String(name)]) return Promise.reject(new Error(`${String(name)} failed`));
        return value.apply(target, args);
      };
    },
  });
  return { subtle, calls, fail };
}
