import type { ErrorCode } from '../core/errors.js';
import type { Authorisation } from '../core/state.js';

/** Query values are percent-encoded (RFC 3986), so `message` reads back with decodeURIComponent. */
function withQuery(uri: string, params: Record<string, string>): string {
  const url = new URL(uri);
  const extra = Object.entries(params)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');
  url.search = url.search === '' ? `?${extra}` : `${url.search}&${extra}`;
  return url.toString();
}

export interface ScaSuccess {
  psuId: string;
  corporateId: string | null;
  context: 'PRIVATE' | 'CORPORATE';
}

/** part 5.3: after successful SCA. */
export function successLocation(authorisation: Authorisation, redirectUri: string, done: ScaSuccess): string {
  const params: Record<string, string> = { 'psu-id': done.psuId };
  if (done.corporateId !== null) params['psu-corporate-id'] = done.corporateId;
  if (authorisation.sessionId !== null) params['tpp-session-id'] = authorisation.sessionId;
  params.context = done.context;
  return withQuery(redirectUri, params);
}

export interface ScaFailure {
  status: number;
  /** A part 7 code, like every code the bank sends. */
  code: ErrorCode;
  message: string;
}

/** The internal system named in failure callbacks (part 5.3 `system`). */
export const SCA_SYSTEM = 'SANDBANK_SCA';

/** part 5.3: after failed SCA. */
export function failureLocation(redirectUri: string, failure: ScaFailure): string {
  return withQuery(redirectUri, {
    system: SCA_SYSTEM,
    status: String(failure.status),
    code: failure.code,
    message: failure.message,
  });
}
