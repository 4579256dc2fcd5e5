import type { RouteDocs } from '../core/route-docs.js';
import {
  BODY_REFERENCE,
  KARI_BRUKSKONTO,
  NOT_IN_PRODUCTION,
  PRODUCTION,
  QUERY,
  UNKNOWN_ACCOUNT,
} from './docs-common.js';

// The mock-data API's customers, accounts, transactions and agreements (docs/sandbox-api.md).
export const sandboxDocs: Readonly<Record<string, RouteDocs>> = {
  'POST /sandbox/initialize': {
    summary: 'Reset the sandbox to its seeded state',
    description: [
      'Resets the sandbox to the fixed seeded state (part 1, part 4.2 item 12): every customer, account, transaction, card account and agreement made by hand is deleted. The seed holds two private customers (2 accounts and 1 card account each) and two corporate customers (2 accounts and 1 agreement each). The bank clock keeps its time.',
      PRODUCTION,
    ].join('\n\n'),
    status: 204,
    errors: [NOT_IN_PRODUCTION],
    examples: { reset: { summary: 'Back to the seed', status: 204 } },
  },
  'GET /sandbox/customers': {
    summary: 'List sandbox customers',
    description: [
      'The sandbox customers, oldest first (part 4.2 item 12): `customerId`, `customerNumber` (the mocked national identification number a PSU signs in with on the SCA page, part 1), `customerType` (`private` or `corporate`) and `customerName`.',
      PRODUCTION,
    ].join('\n\n'),
    errors: [NOT_IN_PRODUCTION],
    examples: {
      seeded: {
        summary: 'The four seeded customers',
        status: 200,
      },
    },
  },
  'POST /sandbox/customers': {
    summary: 'Create a sandbox customer',
    description: [
      'Creates a customer `{customerNumber, name, type}`. Not among the operations of part 4.2, which names only the listing; the platform\u2019s sandbox has it (docs/sandbox-api.md). A `private` customer\u2019s number must be a Norwegian national identity number or D-number (11 digits, both check digits): the PSU signs in with it on the SCA page. A `corporate` customer\u2019s number is any 1 to 35 digits. `name` is 1 to 70 characters; `type` may be in any case (stored in lower case, with a WARNING).',
      PRODUCTION,
    ].join('\n\n'),
    errors: [
      { status: 400, code: 'FORMAT_ERROR', when: 'a field is missing or not in its form (path names it)' },
      NOT_IN_PRODUCTION,
      { status: 409, code: 'CONFLICT', when: 'a customer with this customerNumber exists' },
    ],
    examples: {
      private: {
        summary: 'A private customer',
        body: { customerNumber: '15078500007', name: 'Nora Berg', type: 'private' },
        status: 201,
      },
      duplicate: {
        summary: 'A number the seed already has',
        body: { customerNumber: '13039319955', name: 'Kari Nordmann', type: 'private' },
        status: 409,
      },
    },
  },
  'DELETE /sandbox/customers/:customerId': {
    summary: 'Delete a sandbox customer and all it holds',
    description: [
      'Not among the operations of part 4.2, which names only the listing; the platform\u2019s sandbox has it (docs/sandbox-api.md). Deletes the customer and everything it holds: its accounts and card accounts with their transactions, the agreements it owns, and every engagement naming it as PSU in another customer\u2019s agreement.',
      PRODUCTION,
    ].join('\n\n'),
    status: 204,
    errors: [
      { status: 404, code: 'RESOURCE_UNKNOWN', when: 'no sandbox customer has this id' },
      NOT_IN_PRODUCTION,
    ],
    examples: {
      seeded: {
        summary: 'Delete Ola Hansen',
        params: { customerId: 'enc!!2UArtzLAP7Cki1xvm-faVYRZz3xR9BVyESG3Qe==' },
        status: 204,
      },
      unknown: { summary: 'An unknown id', params: { customerId: 'enc!!unknown==' }, status: 404 },
    },
  },
  'POST /sandbox/accounts': {
    summary: 'Create a sandbox account',
    description: [
      'Creates an account (part 2.7, part 4.2 item 6), operation S of part 4.1: a `Digest` of the body is required. Every field is required: `customerNumber` of an existing customer, `accountName` and `product` (1\u201370 characters), `bban` (11 digits, MOD11 check digit, unique), `iban` (`NO` + check digits + the bban; spaces and lower case accepted), `currency` (part 2.1 list), `cashAccountType` (part 2.1 enumeration, any case), `creditLine` (int32 \u2265 0) and `balances` (closingBooked and expected, each at most once, in the account currency).',
      'A private customer\u2019s account is added to the customer\u2019s agreement automatically; a corporate customer\u2019s account is seen by no PSU until `POST /v1/sandbox/agreements` grants it (part 4.2 item 6). Amounts in the answer are JSON numbers with their decimals (docs/conformance.md, deviation M1).',
      PRODUCTION,
    ].join('\n\n'),
    errors: [
      {
        status: 400,
        code: 'FORMAT_ERROR',
        when: 'a field is missing or not in its form (up to 10 messages, each with its path)',
      },
      BODY_REFERENCE,
      NOT_IN_PRODUCTION,
      { status: 409, code: 'CONFLICT', when: 'an account with this bban exists' },
    ],
    examples: {
      savings: {
        summary: 'A savings account for Kari Nordmann',
        body: {
          customerNumber: '13039319955',
          accountName: 'Feriekonto',
          bban: '97100123456',
          iban: 'NO5397100123456',
          currency: 'NOK',
          product: 'Sparekonto',
          cashAccountType: 'SVGS',
          creditLine: 0,
          balances: [
            { balanceType: 'closingBooked', balanceAmount: { amount: 1000.5, currency: 'NOK' } },
            { balanceType: 'expected', balanceAmount: { amount: 900.5, currency: 'NOK' } },
          ],
        },
        status: 201,
      },
    },
  },
  'GET /sandbox/accounts/:mockAccountId': {
    summary: 'Get a sandbox account',
    description: [
      'An array holding the one account in the part 2.7 response shape (part 4.2 item 7), with its current balances.',
      PRODUCTION,
    ].join('\n\n'),
    errors: [UNKNOWN_ACCOUNT, NOT_IN_PRODUCTION],
    examples: {
      seeded: {
        summary: 'Kari Nordmann\u2019s Brukskonto',
        params: { mockAccountId: KARI_BRUKSKONTO },
        status: 200,
      },
      unknown: { summary: 'An unknown id', params: { mockAccountId: '97101009223' }, status: 404 },
    },
  },
  'DELETE /sandbox/accounts/:mockAccountId': {
    summary: 'Delete a sandbox account',
    description: [
      'Deletes the account, its transactions and every engagement granting it. Not among the operations of part 4.2; the platform\u2019s sandbox has it (docs/sandbox-api.md).',
      PRODUCTION,
    ].join('\n\n'),
    status: 204,
    errors: [UNKNOWN_ACCOUNT, NOT_IN_PRODUCTION],
    examples: {
      seeded: {
        summary: 'Delete Kari Nordmann\u2019s Brukskonto',
        params: { mockAccountId: KARI_BRUKSKONTO },
        status: 204,
      },
    },
  },
  'POST /sandbox/accounts/:mockAccountId/transactions': {
    summary: 'Create booked transactions on a sandbox account',
    description: [
      'Creates booked transactions from a JSON array (1\u20131000 items, all or nothing): `amount` (signed: negative is money out), `currency` (the account\u2019s), `bookingDate` and `valueDate` (not after today by the bank clock), optional `remittanceInformationUnstructured` (1\u2013140), `creditorName`/`debtorName` (1\u201370), `creditorAccount`/`debtorAccount`, `purposeCode`, `bankTransactionCode`. Each moves the booked and expected balance by its amount.',
      'part 4.2 item 12: an account given as debtor that is another account is rejected: on money out the debtor must be this account; on money in the debtor must be outside the sandbox (400 FORMAT_ERROR naming `[i].debtorAccount`).',
      PRODUCTION,
    ].join('\n\n'),
    errors: [
      {
        status: 400,
        code: 'FORMAT_ERROR',
        when: 'an item is not in its form, is dated in the future, or breaks the debtor rule (path `[i]\u2026`)',
      },
      UNKNOWN_ACCOUNT,
      NOT_IN_PRODUCTION,
    ],
    examples: {
      salary: {
        summary: 'A salary paid in',
        params: { mockAccountId: KARI_BRUKSKONTO },
        body: [
          {
            amount: '42000.10',
            currency: 'NOK',
            bookingDate: '2026-02-25',
            valueDate: '2026-02-25',
            debtorName: 'Arbeidsgiver AS',
            remittanceInformationUnstructured: 'L\u00f8nn februar',
          },
        ],
        status: 201,
      },
      future: {
        summary: 'A transaction dated after today',
        params: { mockAccountId: KARI_BRUKSKONTO },
        body: [{ amount: '-10.00', currency: 'NOK', bookingDate: '2026-03-03', valueDate: '2026-03-03' }],
        status: 400,
      },
    },
  },
  'GET /sandbox/accounts/:mockAccountId/transactions': {
    summary: 'List a sandbox account\u2019s transactions',
    description: [
      'Booked and pending transactions of the account, newest first, with `total`, `offset` and `limit`. Query (all optional): `fromDate`, `toDate` (inclusive, on bookingDate), `offset` (int32 \u2265 0), `limit` (int32 \u2265 1, default 200). Window and page apply to pending transactions too: the listing\u2019s known issue does not affect the sandbox services (part 1).',
      PRODUCTION,
    ].join('\n\n'),
    errors: [QUERY, UNKNOWN_ACCOUNT, NOT_IN_PRODUCTION],
    examples: {
      latest: {
        summary: 'The two newest transactions',
        params: { mockAccountId: KARI_BRUKSKONTO },
        query: { limit: '2' },
        status: 200,
      },
      window: {
        summary: 'fromDate after toDate',
        params: { mockAccountId: KARI_BRUKSKONTO },
        query: { fromDate: '2026-02-10', toDate: '2026-02-01' },
        status: 400,
      },
    },
  },
  'GET /sandbox/agreements': {
    summary: 'List sandbox corporate agreements',
    description: [
      'Every corporate agreement, oldest first: `agreementId` (what a corporate PSU sends as PSU-Corporate-ID, part 5.4), `owner`, `name` and `engagements` (the PSU, the account and the roles).',
      PRODUCTION,
    ].join('\n\n'),
    errors: [NOT_IN_PRODUCTION],
    examples: { seeded: { summary: 'The two seeded agreements', status: 200 } },
  },
  'POST /sandbox/agreements': {
    summary: 'Grant sandbox accounts through a corporate agreement',
    description: [
      'Adds accounts to a corporate agreement (part 4.2 items 6 and 12): `{owner, name, engagements: [{customer, account: {iban}, roles}]}`. `owner` is an existing corporate customer; `customer` a national identity number or D-number (the PSU); `account.iban` an account the owner holds; `roles` must include VIEW and REGISTER. The same owner and name again adds to that agreement.',
      PRODUCTION,
    ].join('\n\n'),
    errors: [
      {
        status: 400,
        code: 'FORMAT_ERROR',
        when: 'a field is not in its form, the owner is not corporate, the account is not the owner\u2019s, or a role is missing',
      },
      BODY_REFERENCE,
      NOT_IN_PRODUCTION,
    ],
    examples: {
      accountant: {
        summary: 'Kari Nordmann may see Fjordlys Bakeri\u2019s Driftskonto',
        body: {
          owner: '18129215603',
          name: 'Regnskapsf\u00f8rer',
          engagements: [
            { customer: '13039319955', account: { iban: 'NO9197101127013' }, roles: ['VIEW', 'REGISTER'] },
          ],
        },
        status: 201,
      },
    },
  },
};
