import type { ErrorDoc } from '../core/route-docs.js';

/** The failures of every operation that reads for a PSU under a consent (part 5.2, docs/errors.md). */
export const CONSENT_ERRORS: readonly ErrorDoc[] = [
  {
    status: 401,
    code: 'CONSENT_INVALID',
    when: 'no consent yet (or one with no account ticked): the answer carries `_links.scaRedirect`, where the PSU gives consent (part 5.2 rule 3)',
  },
  {
    status: 401,
    code: 'CONSENT_EXPIRED',
    when: 'the consent\u2019s SCA is too old for the read (an hour within a TPP-Session-ID, 90 days of history, 180 days renewal: parts 5.2 rules 6\u20137, 8), or the session was replaced; with `_links.scaRedirect`',
  },
  { status: 401, code: 'PSU_CREDENTIALS_INVALID', when: 'a PSU-ID the bank never gave this TPP' },
  {
    status: 400,
    code: 'HTTP_HEADER_REQUIRED',
    when: 'a PSU acting in corporate context without PSU-Corporate-ID (part 5.4)',
  },
  {
    status: 403,
    code: 'CONSENT_UNKNOWN',
    when: 'the PSU revoked the consent, or the account is not in it (part 5.2 rule 3)',
  },
];
