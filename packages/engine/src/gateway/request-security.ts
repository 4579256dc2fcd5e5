import type { Profile, TppContext } from '../core/context.js';
import { apiError } from '../core/errors.js';
import type { EngineResponse } from '../core/http.js';
import { isApiService, type Route } from '../core/router.js';
import { sandboxBankIdentity } from '../pki/bank-identity.js';
import { SANDBOX_TEST_CA_PEM } from '../pki/sandbox-test-ca.js';
import { checkDigest } from '../security/check-digest.js';
import { signResponseHeaders } from '../security/sign-response.js';
import type { MessageRules } from '../security/step-result.js';
import { createRequestVerifier, type HeaderReader, type VerifyStep } from '../security/verify-request.js';
import { serialise, webResponse } from './transport.js';

export interface RequestSecurityOptions {
  /** `required` (default): every `/v1` request is signed (part 5.1 rule 1). `off`: for quick prototypes. */
  signatures: 'required' | 'off';
  profile: Profile;
  /** WebCrypto to use where the global one is missing (e.g. `@peculiar/webcrypto`). */
  subtle?: SubtleCrypto;
  /** CAs a production-profile certificate must chain to (default: the sandbox test CA of the TPP kit). */
  trustAnchors?: string[];
  /** part 5.1 rule 10: sign responses with the bank's key (off by default). */
  signResponses: boolean;
  /** Which clocks a signed date may be within 60 s of (SandboxOptions.clockSkew). */
  clockSkew: ClockSkew;
}

/**
 * part 5.1 rule 1's 60 s window: `bank-or-source` (default) accepts a date within 60 s of the bank
 * clock or of the clock source (the real time unless `now` is given), so a TPP signing with its own
 * clock keeps working after the bank clock is moved; `bank-only` checks the bank clock alone.
 */
export type ClockSkew = 'bank-or-source' | 'bank-only';

export interface SignatureCheck {
  tpp: TppContext;
  steps: VerifyStep[];
}

const utf8 = new TextEncoder();

/** How the Digest step words an unsigned request (only `noun` is read by it). */
const UNSIGNED_REQUEST: MessageRules = {
  noun: 'request',
  certificateHeader: 'TPP-Signature-Certificate',
  mustSign: [],
  allowRequestTarget: true,
};

/**
 * The verifier's view of the headers the gateway has already read into a record: a lookup there
 * instead of `Headers.get`, which converts and checks the name on every call (a signed request's
 * steps ask a dozen times). A name the record does not hold as its own (absent, or one such as
 * `__proto__` that a plain record cannot keep) and `set-cookie` (the record keeps one of several)
 * are asked of the Headers itself, so every answer is what `Headers.get` gives.
 */
function headerReader(read: Record<string, string>, headers: Headers): HeaderReader {
  return {
    get(name) {
      const key = name.toLowerCase();
      return key !== 'set-cookie' && Object.hasOwn(read, key) ? (read[key] as string) : headers.get(name);
    },
  };
}

/**
 * The API gateway in front of the pure reducer: verifies request signatures against eIDAS
 * certificates (async WebCrypto, so outside the reducer) and hands the verdict in as data.
 */
export function createRequestSecurity(options: RequestSecurityOptions) {
  const verifier = createRequestVerifier();
  const trustAnchors =
    options.profile === 'production' ? (options.trustAnchors ?? [SANDBOX_TEST_CA_PEM]) : undefined;
  let bank: ReturnType<typeof sandboxBankIdentity> | null = null;

  async function check(
    request: Request,
    /** The request's headers as the gateway read them once (transport.ts `toEngineRequest`). */
    read: Record<string, string>,
    /** The path and query as sent (gateway/sent-target.ts). */
    target: string,
    body: Uint8Array | null,
    route: Route | null,
    now: number,
    sourceNow: number,
  ): Promise<SignatureCheck> {
    if (route === null || !isApiService(route.service)) return { tpp: { kind: 'unchecked' }, steps: [] };
    if (options.signatures === 'off') return checkUnsignedDigest(request, body);
    const verdict = await verifier.verify(
      {
        method: request.method.toUpperCase(),
        target,
        headers: headerReader(read, request.headers),
        body,
      },
      {
        now,
        ...(options.clockSkew === 'bank-only' ? {} : { sourceNow }),
        digestRequired: route.digestRequired ?? false,
        ...(options.subtle ? { subtle: options.subtle } : {}),
        ...(trustAnchors ? { trustAnchors } : {}),
      },
    );
    if (!verdict.ok) {
      // part 5.1 rule 9: 400 whatever failed (each code's status in the error table is 400); the text names the step that failed.
      const step = verdict.steps[verdict.steps.length - 1]?.step ?? 'Signature header';
      const text = `request signature check failed at step "${step}": ${verdict.text}`;
      return {
        tpp: {
          kind: 'rejected',
          error: apiError(verdict.code, text, verdict.header === undefined ? {} : { path: verdict.header }),
        },
        steps: verdict.steps,
      };
    }
    const { tpp } = verdict;
    return {
      tpp: {
        kind: 'verified',
        organisationId: tpp.organisationId,
        name: tpp.name,
        roles: tpp.roles,
        fingerprint: tpp.fingerprint,
        signedAt: verdict.signedAt,
        ...(tpp.email === undefined ? {} : { email: tpp.email }),
      },
      steps: verdict.steps,
    };
  }

  /**
   * part 4.1: turning signatures off turns off what needs a key, not the body check that needs none:
   * a Digest that is present must match the body (docs/security.md). A missing one where 4.1 requires
   * it (P, S) is the core's 400 HTTP_HEADER_REQUIRED, as with signatures on.
   */
  async function checkUnsignedDigest(request: Request, body: Uint8Array | null): Promise<SignatureCheck> {
    if (!request.headers.has('digest')) return { tpp: { kind: 'unchecked' }, steps: [] };
    const subtle = options.subtle ?? globalThis.crypto.subtle;
    const result = await checkDigest(request.headers, body, false, subtle, UNSIGNED_REQUEST);
    if (result.ok) {
      return { tpp: { kind: 'unchecked' }, steps: [{ step: 'Digest', ok: true, detail: result.detail }] };
    }
    return {
      tpp: {
        kind: 'rejected',
        error: apiError(result.code, result.text, result.header === undefined ? {} : { path: result.header }),
      },
      steps: [{ step: 'Digest', ok: false, detail: result.text }],
    };
  }

  /**
   * The answer on the wire, serialised once; with response signing on (part 5.1 rule 10) the bytes
   * signed are the bytes sent.
   */
  async function respond(
    response: EngineResponse,
    requestId: string | undefined,
    now: number,
  ): Promise<Response> {
    const wire = serialise(response);
    if (!options.signResponses) return webResponse(wire.body, { status: wire.status, headers: wire.headers });
    bank ??= sandboxBankIdentity(options.subtle);
    const bytes = typeof wire.body === 'string' ? utf8.encode(wire.body) : (wire.body ?? new Uint8Array());
    const headers = new Headers(wire.headers);
    await signResponseHeaders(headers, bytes, await bank, {
      now,
      ...(requestId === undefined ? {} : { requestId }),
      ...(options.subtle ? { subtle: options.subtle } : {}),
    });
    return webResponse(wire.body === null ? null : bytes, { status: wire.status, headers });
  }

  return { check, respond, stats: verifier.stats };
}
