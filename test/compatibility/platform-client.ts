import { createHash, createSign, randomUUID, X509Certificate } from 'node:crypto';
import type { Sandbox } from '@sandbank/engine';
import { exportTppIdentity, presetIdentity } from '@sandbank/engine/tpp';

/**
 * A client of the platform as its users run it: a signing proxy in front of plain curl-style calls.
 * It signs by hand, draft-cavage as the platform's clients do, without the TPP kit's signRequest:
 * `Digest: SHA-256=<base64>` on every request with a body, `Date` in RFC 7231 form, and a Signature
 * over `date digest x-request-id psu-id psu-corporate-id tpp-redirect-uri`, each header only when the
 * request has it; keyId `SN=<serial hex>,CA=<issuer DN>` read from the certificate with node:crypto.
 */
export interface ClientIdentity {
  keyId: string;
  certificateBase64: string;
  privateKeyPem: string;
}

const SIGNED = ['date', 'digest', 'x-request-id', 'psu-id', 'psu-corporate-id', 'tpp-redirect-uri'];

/** The TPP kit's AISP+PISP test certificate and key, read as a client holding them as PEM files would. */
export async function clientIdentity(): Promise<ClientIdentity> {
  const exported = await exportTppIdentity(await presetIdentity('both'));
  const x509 = new X509Certificate(exported.certificatePem);
  // node:crypto lists the issuer one attribute a line, in certificate order; RFC 2253 reverses it.
  const issuer = x509.issuer.split('\n').reverse().join(',');
  return {
    keyId: `SN=${x509.serialNumber.toUpperCase()},CA=${issuer}`,
    certificateBase64: x509.raw.toString('base64'),
    privateKeyPem: exported.privateKeyPem,
  };
}

export interface Answer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: answers are read field by field and asserted on
  body: any;
}

export interface PlatformClient {
  /** One call under the base path, with the client's header set, signed; `now` dates it (bank clock). */
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Answer>;
}

/** Calls `transport` (a sandbox's `fetch`, in-process or over HTTP) as the platform's clients do. */
export function platformClient(
  transport: Pick<Sandbox, 'fetch' | 'now'>,
  origin: string,
  basePath: string,
  identity: ClientIdentity,
): PlatformClient {
  return {
    async call(method, path, body, extra = {}) {
      const text = body === undefined ? null : JSON.stringify(body);
      const headers = new Headers({
        Accept: 'application/json',
        Date: new Date(transport.now()).toUTCString(),
        'X-Request-ID': randomUUID(),
        ...extra,
      });
      if (text !== null) {
        headers.set('Content-Type', 'application/json');
        headers.set('Digest', `SHA-256=${createHash('sha256').update(text).digest('base64')}`);
      }
      const listed = SIGNED.filter((name) => headers.has(name));
      const signingString = listed.map((name) => `${name}: ${headers.get(name)}`).join('\n');
      const signature = createSign('RSA-SHA256').update(signingString).sign(identity.privateKeyPem, 'base64');
      headers.set(
        'Signature',
        `keyId="${identity.keyId}",algorithm="rsa-sha256",headers="${listed.join(' ')}",signature="${signature}"`,
      );
      headers.set('TPP-Signature-Certificate', identity.certificateBase64);
      const response = await transport.fetch(
        new Request(`${origin}${basePath}${path}`, {
          method,
          headers,
          ...(text === null ? {} : { body: text }),
        }),
      );
      const raw = await response.text();
      const json = (response.headers.get('content-type') ?? '').includes('json') && raw !== '';
      return { status: response.status, headers: response.headers, body: json ? JSON.parse(raw) : raw };
    },
  };
}
