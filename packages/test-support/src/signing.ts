import type { Sandbox, SandboxOptions } from '@sandbank/engine';
import { presetIdentity, signRequest, type TppIdentity } from '@sandbank/engine/tpp';

export interface SigningOptions {
  /** The identity to sign as (default: the kit's AISP+PISP preset). */
  identity?: Promise<TppIdentity>;
  /** Add a Digest over the body when the test set none (default true). */
  addDigest?: boolean;
}

/**
 * Signs a request the way a TPP does (part 5.1), dated by the bank clock. What a test set on purpose
 * wins: a Date, X-Date or Digest it chose is put back after signing (so a malformed one reaches the
 * header rules), and a request sent without X-Request-ID stays without one.
 */
export async function signFor(
  sandbox: Sandbox,
  request: Request,
  options: SigningOptions = {},
): Promise<Request> {
  const identity = await (options.identity ?? presetIdentity('both'));
  const kept = new Map<string, string>();
  for (const name of ['date', 'x-date', 'digest']) {
    const value = request.headers.get(name);
    if (value !== null) kept.set(name, value);
  }
  const hadRequestId = request.headers.has('x-request-id');
  const signed = await signRequest(request, identity, { now: sandbox.now(), date: 'date' });
  const headers = new Headers(signed.headers);
  for (const [name, value] of kept) headers.set(name, value);
  if (!hadRequestId) headers.delete('x-request-id');
  if (options.addDigest === false && !kept.has('digest')) headers.delete('digest');
  return new Request(signed, { headers });
}

/**
 * The sandbox with a `fetch` that signs every API request not already carrying a Signature, so
 * suites run through the real verification (control plane and SCA pages are unsigned).
 */
export function signing(sandbox: Sandbox, options: SigningOptions = {}): Sandbox {
  const api = `${sandbox.options.basePath}/`;
  return {
    ...sandbox,
    async fetch(request) {
      const { pathname } = new URL(request.url);
      const sign = pathname.startsWith(api) && !request.headers.has('signature');
      return sandbox.fetch(sign ? await signFor(sandbox, request, options) : request);
    },
  };
}

/** The organisationId of the identity the signing `fetch` uses by default (the kit's 'both' preset). */
export const TEST_TPP = 'PSDNO-FSA-933012867';

/** The default identity as the bank's register knows it, so production-profile suites accept it. */
export const TEST_TPP_REGISTRATION: NonNullable<SandboxOptions['registeredTpps']>[number] = {
  organisationId: TEST_TPP,
  name: 'Sandbank Test TPP AS',
  roles: ['PSP_AI', 'PSP_PI'],
};
