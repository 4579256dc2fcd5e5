/**
 * Auto-signing (docs/interactive-docs.md): a `/v1` request that arrives at the worker without a
 * `Signature` is signed there with one of the TPP kit's preset identities, so a docs page's Try it,
 * a curl-like `fetch` or a quick prototype works without a TPP kit. Never in the production profile.
 * This file holds what the page needs too; the signing itself (auto-sign.ts) runs in the worker only.
 */
export type AutoSignIdentity = 'aisp' | 'pisp' | 'both';

export const AUTO_SIGN_IDENTITIES: readonly AutoSignIdentity[] = ['aisp', 'pisp', 'both'];

/** A request may pick another identity than the registered one with this header (stripped before signing). */
export const SIGN_AS_HEADER = 'X-Sandbank-Sign-As';

/** Set on every request the worker signed: the request log shows it with the request headers. */
export const SIGNED_BY_HEADER = 'X-Sandbank-Signed-By';

export const SIGNED_BY_SANDBOX = 'signed by the sandbox for you';

export const IDENTITY_NAMES: Record<AutoSignIdentity, string> = {
  aisp: 'the AISP test TPP (PSP_AI)',
  pisp: 'the PISP test TPP (PSP_PI)',
  both: 'the AISP+PISP test TPP (PSP_AI, PSP_PI)',
};

export function isAutoSignIdentity(value: unknown): value is AutoSignIdentity {
  return typeof value === 'string' && (AUTO_SIGN_IDENTITIES as readonly string[]).includes(value);
}

/** Why these options may not auto-sign, or null. The production profile checks every signature for real. */
export function autoSignRefusal(profile: string | undefined, autoSign: unknown): string | null {
  if (autoSign === undefined) return null;
  if (!isAutoSignIdentity(autoSign)) {
    return `autoSign must be one of ${AUTO_SIGN_IDENTITIES.join(', ')} (got ${JSON.stringify(autoSign)}).`;
  }
  if (profile === 'production') {
    return 'autoSign is refused in the production profile: there every request must carry its TPP\u2019s own signature (part 5.1), so a page cannot be signed for. Use the sandbox profile, or sign with @sandbank/engine/tpp.';
  }
  return null;
}
