import { CONSENT_ERRORS } from '../consents/consent-errors.js';
import type { RouteDocs } from '../core/route-docs.js';

const KARI_CARD = 'enc!!wUeZFaS8UUeYGEp0w91ED3NrjBE7y7csOZfyxy==';

const CONSENT =
  'Needs the PSP_AI role and the PSU\u2019s consent covering the card account (part 5.2 rule 3): without one the answer is 401 with `_links.scaRedirect`.';

const UNKNOWN = { status: 404, code: 'RESOURCE_UNKNOWN', when: 'no card account with this id' } as const;

export const cardDocs: Readonly<Record<string, RouteDocs>> = {
  'GET /card-accounts': {
    summary: 'List the card accounts the PSU consented to',
    description: CONSENT,
    errors: CONSENT_ERRORS,
    examples: { fresh: { summary: 'A fresh bank: no consent yet', status: 401 } },
  },
  'GET /card-accounts/:id': {
    summary: 'Read a card account\u2019s details',
    description: ['`name` goes up to 70 characters (part 8, `longer-names` in part 9).', CONSENT].join(
      '\n\n',
    ),
    errors: [...CONSENT_ERRORS, UNKNOWN],
    examples: { fresh: { summary: 'A fresh bank: no consent yet', params: { id: KARI_CARD }, status: 401 } },
  },
  'GET /card-accounts/:id/balances': {
    summary: 'Read a card account\u2019s balances',
    description: ['closingBooked, expected and interimBooked balances (part 3 state sets).', CONSENT].join(
      '\n\n',
    ),
    errors: [...CONSENT_ERRORS, UNKNOWN],
    examples: { fresh: { summary: 'A fresh bank: no consent yet', params: { id: KARI_CARD }, status: 401 } },
  },
  'GET /card-accounts/:id/transactions': {
    summary: 'List a card account\u2019s transactions',
    description: [
      '`bookingStatus` is required (booked, pending, both, all). The listing\u2019s known issue does not affect card accounts (part 1). Amounts follow `cardaccount-switch-originalamount-and-transactionamount` (part 9).',
      CONSENT,
    ].join('\n\n'),
    errors: [
      { status: 400, code: 'QUERY_PARAMETER_REQUIRED', when: '`bookingStatus` is missing' },
      { status: 400, code: 'FORMAT_ERROR', when: 'a query value is not in its form' },
      ...CONSENT_ERRORS,
      UNKNOWN,
    ],
    examples: {
      fresh: {
        summary: 'A fresh bank: no consent yet',
        params: { id: KARI_CARD },
        query: { bookingStatus: 'booked' },
        status: 401,
      },
    },
  },
};
