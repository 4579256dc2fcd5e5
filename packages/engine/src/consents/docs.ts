import type { RouteDocs } from '../core/route-docs.js';

const REDIRECT = {
  'tpp-redirect-uri': 'https://tpp.example/callback',
  'tpp-session-id': 'docs-session-1',
};

const CONSENT_TEXT =
  'Consent is bank-offered (part 5.2 rule 3): the PSU gives it on the bank\u2019s page the `scaRedirect` link opens, ticking the accounts the TPP may see (already granted ones pre-selected, part 5.2 rule 4), and is then sent to `TPP-Redirect-URI` with `psu-id`, `tpp-session-id` and `context` (part 5.3; `psu-corporate-id` in corporate context). The body is disregarded (part 4.2 item 12).';

export const consentDocs: Readonly<Record<string, RouteDocs>> = {
  'POST /bank-offered-consents': {
    summary: 'Ask the PSU for consent (bank-offered)',
    description: [
      CONSENT_TEXT,
      'Needs the PSP_AI role. A new TPP-Session-ID needs a new SCA; an SCA under a session id lasts up to one hour (part 5.2 rule 6).',
    ].join('\n\n'),
    examples: { consent: { summary: 'Start the consent SCA', headers: REDIRECT, status: 201 } },
  },
  'POST /consents': {
    summary: 'Ask the PSU for consent (deprecated)',
    description: [CONSENT_TEXT, 'Answers with a WARNING BAD_REQUEST saying it is deprecated.'].join('\n\n'),
    errors: [
      {
        status: 404,
        code: 'NOT_FOUND',
        when: 'from 2024-12-05 by the bank clock: the operation is removed (part 9 rule 3)',
      },
    ],
    examples: { removed: { summary: 'Removed by 2026', headers: REDIRECT, status: 404 } },
  },
  'GET /user': {
    summary: 'Identify the PSU (for a PISP)',
    description:
      'Starts an SCA that only tells a TPP who the PSU is, for PISPs that are not AISPs (part 4.2 item 12, part 5.4): the PSU signs in and picks PRIVATE or CORPORATE context, and the redirect to TPP-Redirect-URI carries `psu-id` (and `psu-corporate-id`), to send as PSU-ID on payments.',
    examples: { identify: { summary: 'Start the SCA', headers: REDIRECT, status: 200 } },
  },
  'GET /users': {
    summary: 'Identify the PSU (alias of GET /v1/user)',
    description: 'The same operation as `GET /v1/user`, under the platform\u2019s other spelling (part 5.4).',
    examples: { identify: { summary: 'Start the SCA', headers: REDIRECT, status: 200 } },
  },
  'GET /agreements': {
    summary: 'List the PSU\u2019s corporate agreements',
    description:
      'With a known PSU-ID, the PSU\u2019s corporate agreements (part 5.4); the one chosen is sent as PSU-Corporate-ID. A call with a new agreement that has no consent triggers a new consent flow without asking for an agreement again.',
    errors: [{ status: 401, code: 'PSU_CREDENTIALS_INVALID', when: 'a PSU-ID the bank never gave this TPP' }],
    examples: {
      unknown: {
        summary: 'A PSU-ID this TPP was never given',
        headers: { 'psu-id': '3f0e5c2a-1b2c-4d5e-8f90-123456789abc' },
        status: 401,
      },
    },
  },
  'GET /_sandbank/consents': {
    summary: 'The bank\u2019s consent overview (HTML)',
    description:
      'The bank\u2019s own page where a signed-in PSU sees and changes what each TPP may see (part 5.2 rule 3: the PSU can revoke at any time; the TPP is not told).',
    errors: [{ status: 401, code: 'PSU_CREDENTIALS_INVALID', when: 'no PSU is signed in in this browser' }],
  },
  'POST /_sandbank/consents': {
    summary: 'Change consents on the bank\u2019s page (form post)',
    description:
      'The form of the consent overview: ticks and unticks accounts per TPP (part 5.2 rule 4). Needs the page\u2019s cookie and CSRF token.',
    status: 200,
    errors: [
      { status: 400, code: 'FORMAT_ERROR', when: 'the form lacks its CSRF token or the session cookie' },
    ],
  },
};
