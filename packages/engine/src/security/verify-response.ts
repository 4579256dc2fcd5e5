// part 5.1 rule 10: "the TPP should verify such signatures". Checks a response signed by signResponse:
// the same steps as a request (Signature, certificate, keyId, signed headers, date, Digest, RSA).
import { signingClockNow } from '../core/signing-clock.js';
import { bytesEqual } from './bytes.js';
import { createCertificateCache } from './certificate-cache.js';
import { RESPONSE_MUST_SIGN } from './header-names.js';
import { decodeDerText } from './pem.js';
import { BANK_CERTIFICATE_HEADER } from './sign-response.js';
import type { SignatureVerdict } from './types.js';
import { verifySignedMessage } from './verify-signed-message.js';

export interface VerifyResponseOptions {
  /** Epoch ms; default the time signRequest dates by (the last sandbox's clock source, else Date.now()). */
  now?: number;
  subtle?: SubtleCrypto;
  /** The bank certificate (PEM or base64) the response must carry; pins it. */
  certificate?: string;
  /** CA certificates the bank certificate must be issued by. */
  trustAnchors?: string[];
  /** The request's X-Request-ID, which the response must echo. */
  requestId?: string;
  /** Allowed clock deviation; default 60 (part 5.1 rule 1). */
  maxSkewSeconds?: number;
}

const cache = createCertificateCache(32);

/** Never throws on a bad response; leaves the response body unread (it reads a clone). */
export async function verifyResponse(
  response: Response,
  options: VerifyResponseOptions = {},
): Promise<SignatureVerdict> {
  const body = new Uint8Array(await response.clone().arrayBuffer());
  const verdict = await verifySignedMessage(
    { method: null, target: null, headers: response.headers, body },
    {
      now: options.now ?? signingClockNow(),
      subtle: options.subtle ?? globalThis.crypto.subtle,
      digestRequired: true,
      trustAnchors: options.trustAnchors ?? null,
      maxSkewMs: (options.maxSkewSeconds ?? 60) * 1000,
    },
    {
      noun: 'response',
      certificateHeader: BANK_CERTIFICATE_HEADER,
      mustSign: RESPONSE_MUST_SIGN,
      allowRequestTarget: false,
    },
    cache,
  );
  if (!verdict.ok) return verdict;
  if (options.certificate !== undefined) {
    const pinned = decodeDerText(options.certificate);
    const sent = decodeDerText(response.headers.get(BANK_CERTIFICATE_HEADER) ?? '');
    const same = pinned.ok && sent.ok && bytesEqual(pinned.der, sent.der);
    verdict.steps.push({
      step: 'pinned certificate',
      ok: same,
      detail: same ? 'the pinned bank certificate' : 'differs',
    });
    if (!same) {
      const text = `the response is signed with ${verdict.tpp.subjectDn} (serial ${verdict.tpp.serialHex}), not the pinned bank certificate`;
      return {
        ok: false,
        code: 'BAD_REQUEST',
        header: BANK_CERTIFICATE_HEADER,
        text,
        steps: verdict.steps,
      };
    }
  }
  if (options.requestId !== undefined) {
    const echoed = response.headers.get('x-request-id');
    const same = echoed === options.requestId;
    verdict.steps.push({
      step: 'X-Request-ID echo',
      ok: same,
      detail: `response X-Request-ID ${echoed ?? 'absent'}`,
    });
    if (!same) {
      const text = `the response X-Request-ID ${echoed ?? '(absent)'} does not echo the request's ${options.requestId}`;
      return { ok: false, code: 'BAD_REQUEST', header: 'X-Request-ID', text, steps: verdict.steps };
    }
  }
  return verdict;
}
