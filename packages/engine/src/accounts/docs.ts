import { CONSENT_ERRORS } from '../consents/consent-errors.js';
import type { RouteDocs } from '../core/route-docs.js';

const KARI_BRUKSKONTO = 'enc!!QpEWG2e6OV8Iyp7Gz6fwUM5NNwGR5lWpQXA-5_==';

const CONSENT =
  'Needs the PSP_AI role and the PSU\u2019s consent (part 5.2 rule 3): without one the answer is 401 with `_links.scaRedirect`, the page where the PSU gives it. Send PSU-ID (and PSU-Corporate-ID in corporate context, part 5.4) once the redirect gave it.';

const UNKNOWN = { status: 404, code: 'RESOURCE_UNKNOWN', when: 'no account with this id' } as const;

const NO_CONSENT = {
  summary: 'A fresh bank: no consent yet',
  params: { id: KARI_BRUKSKONTO },
  status: 401,
} as const;

export const accountDocs: Readonly<Record<string, RouteDocs>> = {
  'GET /accounts': {
    summary: 'List the accounts the PSU consented to',
    description: [
      'The accounts the consent covers (part 4.2 item 12), a private PSU\u2019s own or those a corporate agreement granted (part 1); returns an scaRedirect link when consent is needed.',
      CONSENT,
    ].join('\n\n'),
    errors: CONSENT_ERRORS,
    examples: { fresh: { summary: 'A fresh bank: no consent yet', status: 401 } },
  },
  'GET /accounts/:id': {
    summary: 'Read an account\u2019s details',
    description: CONSENT,
    errors: [...CONSENT_ERRORS, UNKNOWN],
    examples: { fresh: NO_CONSENT },
  },
  'GET /accounts/:id/balances': {
    summary: 'Read an account\u2019s balances',
    description: ['closingBooked and expected balances of the account (part 3 state sets).', CONSENT].join(
      '\n\n',
    ),
    errors: [...CONSENT_ERRORS, UNKNOWN],
    examples: { fresh: NO_CONSENT },
  },
  'GET /accounts/:id/transactions': {
    summary: 'List an account\u2019s transactions',
    description: [
      'Part 4.2 item 5: `bookingStatus` is required (booked, pending, both, all); with no paging parameters a page holds 200 transactions and the paging links carry 200 explicitly; booked transactions have stable ids. History older than 90 days needs a recent SCA (part 5.2 rule 7).',
      'Known issue (part 1): with bookingStatus `both` or `pending` every pending transaction is listed; the date and limit filters do not apply to pending ones.',
      CONSENT,
    ].join('\n\n'),
    errors: [
      { status: 400, code: 'QUERY_PARAMETER_REQUIRED', when: '`bookingStatus` is missing' },
      {
        status: 400,
        code: 'FORMAT_ERROR',
        when: 'a query value is not in its form, or dateFrom is after dateTo',
      },
      ...CONSENT_ERRORS,
      UNKNOWN,
    ],
    examples: {
      fresh: { ...NO_CONSENT, query: { bookingStatus: 'booked' } },
      missing: { summary: 'Without bookingStatus', params: { id: KARI_BRUKSKONTO }, status: 400 },
    },
  },
  'GET /accounts/:id/transactions/:transactionId': {
    summary: 'Read one transaction\u2019s details',
    description: [
      'Operation T of part 4.1: x-accept-fix, TPP-Session-ID and TPP-Redirect-URI are required; PSU-ID, PSU-Context and PSU-IP-Address optional. Response per part 2.6 (`transactionsDetails`). Without PSU-IP-Address the call is limited to 4 per day and needs a consent at most 90 days old (part 4.2 item 4, part 8).',
      CONSENT,
    ].join('\n\n'),
    optionalHeaders: ['psu-context'],
    errors: [
      ...CONSENT_ERRORS,
      {
        status: 404,
        code: 'RESOURCE_UNKNOWN',
        when: 'no account, or no booked transaction on it, with this id',
      },
      {
        status: 429,
        code: 'ACCESS_EXCEEDED',
        when: 'the fifth call of the day without PSU-IP-Address (part 8)',
      },
    ],
    examples: {
      headers: {
        summary: 'Without the part 4.1 T headers',
        params: { id: KARI_BRUKSKONTO, transactionId: 'enc!!VIc1UDk2jfYaIxDwxVYO6IcdufhG50KMuhITJi==' },
        status: 400,
      },
    },
  },
};
