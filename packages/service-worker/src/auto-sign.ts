import { type IdentityPreset, presetIdentity, signRequest } from '@sandbank/engine/tpp';
import {
  type AutoSignIdentity,
  IDENTITY_NAMES,
  isAutoSignIdentity,
  SIGN_AS_HEADER,
  SIGNED_BY_HEADER,
  SIGNED_BY_SANDBOX,
} from './auto-sign-options.js';

/**
 * Signs `request` when it needs it: under the API's base path and without a Signature. The identity
 * is the request's `X-Sandbank-Sign-As`, else the registered one. The preset identities are made by
 * the TPP kit on first use, the same organisation each time, so the bank (which keys PSU ids and
 * consents by organisation) knows the TPP again after the worker restarts.
 */
export async function autoSigned(
  request: Request,
  basePath: string,
  fallback: AutoSignIdentity,
  now: number,
): Promise<Request> {
  const { pathname } = new URL(request.url);
  if (
    !pathname.startsWith(`${basePath}/`) ||
    request.headers.has('signature') ||
    request.mode === 'navigate'
  ) {
    return request;
  }
  const asked = request.headers.get(SIGN_AS_HEADER)?.trim().toLowerCase();
  const preset: IdentityPreset = isAutoSignIdentity(asked) ? asked : fallback;
  const headers = new Headers(request.headers);
  headers.delete(SIGN_AS_HEADER);
  headers.set(SIGNED_BY_HEADER, `${SIGNED_BY_SANDBOX} as ${IDENTITY_NAMES[preset]}`);
  const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.arrayBuffer();
  const unsigned = new Request(request.url, {
    method: request.method,
    headers,
    ...(body === null ? {} : { body }),
  });
  return signRequest(unsigned, await presetIdentity(preset), { now, date: 'x-date' });
}
