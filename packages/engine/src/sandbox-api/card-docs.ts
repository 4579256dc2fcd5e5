import type { RouteDocs } from '../core/route-docs.js';
import {
  BODY_REFERENCE,
  KARI_CARD,
  NOT_IN_PRODUCTION,
  PRODUCTION,
  QUERY,
  UNKNOWN_CARD,
} from './docs-common.js';

// The mock-data API's card accounts, card transactions and card balances (docs/sandbox-api.md).
export const sandboxCardDocs: Readonly<Record<string, RouteDocs>> = {
  'POST /sandbox/card-accounts': {
    summary: 'Create a sandbox card account',
    description: [
      'Creates a card account (part 4.2 item 8) from the part 2.8 fields: `customerNumber`, `name`, `product` and `currency` required; `pan` (Luhn-valid, only its masked form is stored) or `maskedPan`, `creditLimit`, `balances`, `cardId`, `cardIdVNo`, `accountNumber`, `expiry`, `status` optional, each default reported in a WARNING. Answers in the part 2.8 shape.',
      PRODUCTION,
    ].join('\n\n'),
    errors: [
      { status: 400, code: 'FORMAT_ERROR', when: 'a field is missing or not in its form' },
      BODY_REFERENCE,
      NOT_IN_PRODUCTION,
    ],
    examples: {
      gold: {
        summary: 'A Mastercard for Kari Nordmann',
        body: {
          customerNumber: '13039319955',
          name: 'Kari Nordmann',
          product: 'Mastercard Gold',
          currency: 'NOK',
          maskedPan: '5412xxxxxxxx4321',
          creditLimit: { amount: 50000, currency: 'NOK' },
          balances: [
            { balanceType: 'closingBooked', balanceAmount: { amount: 0, currency: 'NOK' } },
            { balanceType: 'expected', balanceAmount: { amount: 0, currency: 'NOK' } },
          ],
          cardId: '130393000123',
          cardIdVNo: '1',
          accountNumber: '97101234566',
          expiry: '2029-03',
          status: 'enabled',
        },
        status: 201,
      },
    },
  },
  'GET /sandbox/card-accounts/:mockCardAccountId': {
    summary: 'Get a sandbox card account',
    description: [
      'The card account in the part 2.8 shape (part 4.2 item 9). `name` goes up to 70 characters (part 9, `longer-names`).',
      PRODUCTION,
    ].join('\n\n'),
    errors: [UNKNOWN_CARD, NOT_IN_PRODUCTION],
    examples: {
      seeded: {
        summary: 'Kari Nordmann\u2019s Mastercard',
        params: { mockCardAccountId: KARI_CARD },
        status: 200,
      },
    },
  },
  'POST /sandbox/card-accounts/:mockCardAccountId/transactions': {
    summary: 'Create card transactions',
    description: [
      'Creates card transactions from a JSON array (1\u20131000, all or nothing): `bookingStatus` (booked or pending, default booked), `transactionDate`/`bookingDate` (not after today for booked), `transactionAmount` in the card currency, optional `originalAmount`, `merchantCategoryCode` (required), `merchantName`. Only these appear in the card transaction listing (part 4.2 item 10). They do not move the card balances: set those with PUT \u2026/balances (part 2.10).',
      PRODUCTION,
    ].join('\n\n'),
    errors: [
      { status: 400, code: 'FORMAT_ERROR', when: 'an item is not in its form (path `[i]\u2026`)' },
      UNKNOWN_CARD,
      NOT_IN_PRODUCTION,
    ],
    examples: {
      coffee: {
        summary: 'A coffee abroad',
        params: { mockCardAccountId: KARI_CARD },
        body: [
          {
            bookingDate: '2026-02-28',
            transactionDate: '2026-02-27',
            transactionAmount: { amount: '-49.90', currency: 'NOK' },
            originalAmount: { amount: '-4.35', currency: 'EUR' },
            merchantCategoryCode: '5814',
            merchantName: 'Espresso House',
          },
        ],
        status: 201,
      },
    },
  },
  'GET /sandbox/card-accounts/:mockCardAccountId/transactions': {
    summary: 'List card transactions',
    description: [
      'Card transactions created through the POST (part 4.2 item 10), newest first. Query: `bookingStatus` required (booked, pending, both), `fromDate`, `toDate`, `offset` (int32 \u2265 0), `limit` (int32 \u2265 1); `pendingAs=objects` lists pending items as objects instead of ids (part 2.9 types `pending` as string[]). Response per part 2.9.',
      PRODUCTION,
    ].join('\n\n'),
    errors: [
      { status: 400, code: 'QUERY_PARAMETER_REQUIRED', when: '`bookingStatus` is missing' },
      QUERY,
      UNKNOWN_CARD,
      NOT_IN_PRODUCTION,
    ],
    examples: {
      booked: {
        summary: 'Booked transactions (the seed has none)',
        params: { mockCardAccountId: KARI_CARD },
        query: { bookingStatus: 'booked' },
        status: 200,
      },
      missing: { summary: 'Without bookingStatus', params: { mockCardAccountId: KARI_CARD }, status: 400 },
    },
  },
  'PUT /sandbox/card-accounts/:mockCardAccountId/balances': {
    summary: 'Change card account balances',
    description: [
      'Sets card balances from an array (part 2.10) of `{balanceAmount: {currency, amount}, balanceType}`: closingBooked, expected or interimBooked (the release notes\u2019 card-only type), each at most once, in the card currency; types not sent keep their amount (part 4.2 item 11). No body in the answer, unless a value was stored in another form: then 200 with the WARNINGs.',
      PRODUCTION,
    ].join('\n\n'),
    status: 204,
    alsoAnswers: {
      200: 'done; `tppMessages` holds a WARNING for each value stored in another form than sent',
    },
    errors: [
      { status: 400, code: 'FORMAT_ERROR', when: 'an item is not in its form' },
      UNKNOWN_CARD,
      NOT_IN_PRODUCTION,
    ],
    examples: {
      owed: {
        summary: 'The card owes 4 321.50',
        params: { mockCardAccountId: KARI_CARD },
        body: [
          { balanceType: 'closingBooked', balanceAmount: { amount: -4321.5, currency: 'NOK' } },
          { balanceType: 'expected', balanceAmount: { amount: -4321.5, currency: 'NOK' } },
        ],
        status: 204,
      },
    },
  },
};
