import type { Profile, TppContext } from './core/context.js';
import { tppMessage } from './core/errors.js';
import type { Route } from './core/router.js';
import { signResponse } from './security/sign-response.js';
import { createRequestVerifier, type VerifyStep } from './security/verify-request.js';
import { sandboxBankIdentity } from './tpp/bank-identity.js';
import { SANDBOX_TEST_CA_PEM } from './tpp/sandbox-test-ca.js';

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
}

export interface SignatureCheck {
  tpp: TppContext;
  steps: VerifyStep[];
}

const API_SERVICES = new Set(['ais', 'pis', 'sandbox', 'psu']);

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
    url: URL,
    body: Uint8Array | null,
    route: Route | null,
    now: number,
  ): Promise<SignatureCheck> {
    if (options.signatures === 'off' || route === null || !API_SERVICES.has(route.service)) {
      return { tpp: { kind: 'unchecked' }, steps: [] };
    }
    const verdict = await verifier.verify(
      {
        method: request.method.toUpperCase(),
        target: `${url.pathname}${url.search}`,
        headers: request.headers,
        body,
      },
      {
        now,
        digestRequired: route.digestRequired ?? false,
        ...(options.subtle ? { subtle: options.subtle } : {}),
        ...(trustAnchors ? { trustAnchors } : {}),
      },
    );
    if (!verdict.ok) {
      // part 5.1 rule 9: 400 whatever failed; the text names the step that failed.
      const step = verdict.steps[verdict.steps.length - 1]?.step ?? 'Signature header';
      const text = `request signature check failed at step "${step}": ${verdict.text}`;
      return {
        tpp: {
          kind: 'rejected',
          status: 400,
          messages: [tppMessage('ERROR', verdict.code, text, verdict.header)],
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

  async function sign(response: Response, requestId: string | undefined, now: number): Promise<Response> {
    if (!options.signResponses) return response;
    bank ??= sandboxBankIdentity(options.subtle);
    return signResponse(response, await bank, {
      now,
      ...(requestId === undefined ? {} : { requestId }),
      ...(options.subtle ? { subtle: options.subtle } : {}),
    });
  }

  return { check, sign, stats: verifier.stats };
}
