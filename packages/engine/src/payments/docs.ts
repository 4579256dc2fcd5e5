import * as z from 'zod/mini';
import type { ErrorDoc, RouteDocs } from '../core/route-docs.js';
import {
  FeeInformationRequest,
  NcbctPayment,
  NdctBulkPayment,
  NdctPayment,
  NdctPeriodicPayment,
} from './schemas.js';

// What the OpenAPI document says about payment initiation (parts 2.2–2.4, 3, 4.2 items 2–3 and 12).
// Examples run against the freshly seeded bank: Kari Nordmann (13039319955) pays from her Brukskonto.

const NDCT = 'norwegian-domestic-credit-transfers';
const PAYMENT_ID = 'enc!!lofKFUVCRHX41BVnIgeBlasEIk86VVYwGIaTep==';

/** part 4.1 P: what create payment needs besides the body. */
const CREATE_HEADERS = {
  'x-accept-fix': 'amount-as-string',
  'tpp-session-id': 'docs-session-1',
  'tpp-redirect-uri': 'https://tpp.example/callback',
  'psu-ip-address': '192.0.2.10',
  'psu-context': 'PRIVATE',
  'x-psu-identity': '13039319955',
};

const NDCT_BODY = {
  instructedAmount: { amount: '1250.00', currency: 'NOK' },
  creditorName: 'Ola Hansen',
  creditorAccount: { bban: '97101056485', currency: 'NOK' },
  creditorAddress: {
    street: 'Storgata',
    buildingNumber: '1',
    postalCode: '0155',
    city: 'Oslo',
    country: 'NO',
  },
  debtorAccount: { bban: '97101009223', currency: 'NOK' },
  remittanceInformationUnstructured: 'Husleie mars',
};

const PIS = 'Needs the PSP_PI role. A payment of another TPP is unknown to this one (404 RESOURCE_UNKNOWN).';

const PRODUCT_ERRORS: readonly ErrorDoc[] = [
  { status: 403, code: 'PRODUCT_INVALID', when: 'the product is not offered for this payment service' },
  { status: 404, code: 'PRODUCT_UNKNOWN', when: 'no payment product has this name' },
];

const UNKNOWN_PAYMENT: ErrorDoc = {
  status: 404,
  code: 'RESOURCE_UNKNOWN',
  when: 'no payment of this TPP has this id',
};

type Examples = NonNullable<RouteDocs['examples']>;

/** The product table: what differs between the three payment services' entries. */
const SERVICES = {
  payments: {
    create: 'Create a payment',
    text: 'A single payment. Products: `norwegian-domestic-credit-transfers` (NDCT, part 2.2), `norwegian-cross-border-credit-transfers` (NCBCT, part 2.3: meant for NOK 100 000 or more, which needs regulatoryReportingCode and regulatoryReportingInformation), `instant-norwegian-domestic-credit-transfers-straks` (instant, the NDCT body).',
    body: z.union([NdctPayment, NcbctPayment]),
    examples: {
      ndct: {
        summary: 'Kari Nordmann pays Ola Hansen\u2019s rent',
        params: { product: NDCT },
        headers: CREATE_HEADERS,
        body: NDCT_BODY,
        status: 201,
      },
      headers: {
        summary: 'Without the part 4.1 P headers',
        params: { product: NDCT },
        body: NDCT_BODY,
        status: 400,
      },
    },
  },
  'periodic-payments': {
    create: 'Create a periodic payment',
    text: 'A standing order (NDCT only): the NDCT body plus `startDate`, `frequency` (Daily \u2026 Annual), optional `endDate`, `dayOfExecution`, `executionRule`. Periodic payments are not processed in the batch runs and cannot be put into a signing basket (part 1, part 3 rule 4).',
    body: NdctPeriodicPayment,
    examples: null,
  },
  'bulk-payments': {
    create: 'Create a bulk payment',
    text: 'Several NDCT payments from one debtor account: `{debtorAccount, requestedExecutionDate?, batchBookingPreferred?, payments: [1\u2013100]}`. Bulk payments cannot be put into a signing basket (part 3 rule 4).',
    body: NdctBulkPayment,
    examples: null,
  },
} satisfies Record<string, { create: string; text: string; body: z.ZodMiniType; examples: Examples | null }>;

type Service = keyof typeof SERVICES;

/** A service other than single payments offers NDCT only: creating another product is refused. */
const OTHER_PRODUCT: Examples = {
  product: {
    summary: 'A product not offered for this service',
    params: { product: 'norwegian-cross-border-credit-transfers' },
    headers: CREATE_HEADERS,
    body: NDCT_BODY,
    status: 403,
  },
};

const CREATE_TEXT =
  'Operation P of part 4.1: x-accept-fix, TPP-Session-ID, TPP-Redirect-URI, PSU-IP-Address, PSU-Context and a Digest of the body are required, and PSU-ID or X-PSU-IDENTITY names the PSU; TPP-Brand-Logging-Information is optional. Query `allowLogicalDuplicate` (part 4.2 item 2) allows a payment equal to an earlier one. Answers 201 with `paymentId`, `transactionStatus` (RCVD), `transactionFees` and `_links`: inspect `scaRedirect` to learn whether SCA is needed (part 4.2 item 2, part 5.2 rule 1).';

const CREATE_RULES =
  'Rules: creditorName and ultimateDebtor at most 70 characters, remittanceInformationUnstructured 1\u2013140 and exclusive with remittanceInformationStructuredArray (part 2.2), reference fields 1\u201335 (part 8), amounts with the currency\u2019s minor units (part 2.1). A creditor account that requires a KID needs one (KID_MISSING, KID_INVALID).';

const CREATE_ERRORS: readonly ErrorDoc[] = [
  {
    status: 400,
    code: 'FORMAT_ERROR',
    when: 'a field is missing or not in its form (each message names its path)',
  },
  {
    status: 400,
    code: 'HTTP_HEADER_REQUIRED',
    when: 'neither PSU-ID nor X-PSU-IDENTITY; PSU-Context CORPORATE without PSU-Corporate-ID (part 5.4)',
  },
  {
    status: 400,
    code: 'RESOURCE_UNKNOWN',
    when: 'the debtor account is not in the sandbox; PSU-Corporate-ID is not an agreement of the PSU',
  },
  {
    status: 401,
    code: 'PSU_CREDENTIALS_INVALID',
    when: 'PSU-ID and X-PSU-IDENTITY name different PSUs',
  },
  { status: 400, code: 'KID_MISSING', when: 'the creditor account requires a KID and none is given' },
  { status: 400, code: 'KID_INVALID', when: 'the KID fails its check digit' },
  {
    status: 400,
    code: 'EXECUTION_DATE_INVALID',
    when: 'the requested execution date lies in the past or too far ahead',
  },
  {
    status: 400,
    code: 'PAYMENT_FAILED',
    when: 'the payment cannot be made as asked (e.g. the debtor account is not the PSU\u2019s)',
  },
  ...PRODUCT_ERRORS,
  {
    status: 409,
    code: 'CONFLICT',
    when: 'a logical duplicate of an earlier payment, without allowLogicalDuplicate=true',
  },
];

/**
 * The operations on one payment, the same for every service: after the path below the payment, its
 * summary, text, status (when not 200), the errors besides the product's and the unknown payment's,
 * and the headers its example needs.
 */
const PAYMENT_OPERATIONS: ReadonlyArray<{
  route: string;
  summary: string;
  text: string;
  status?: number;
  errors?: readonly ErrorDoc[];
  headers?: Record<string, string>;
}> = [
  {
    route: 'GET ',
    summary: 'Read a payment',
    text: 'The payment as created, with its status. Known issue (part 1): details of an NDCT payment cannot be fetched before it is approved (in the production profile, 403 FORBIDDEN).',
  },
  {
    route: 'DELETE ',
    summary: 'Cancel a payment',
    text: 'Deletes the payment (available for all products in the sandbox, part 4.2 item 12). A payment with status PDNG cannot be deleted (part 3 rule 3), nor one already signed or executed: 409 CONFLICT with a message saying why.',
    status: 204,
    errors: [
      { status: 409, code: 'CONFLICT', when: 'the payment is PDNG (part 3 rule 3), signed or executed' },
    ],
  },
  {
    route: 'GET /status',
    summary: 'Read a payment\u2019s status',
    text: '`transactionStatus` (part 3: ACCP, ACSC, ACSP, ACTC, ACWC, ACWP, RCVD, PDNG, RJCT, CANC, PART) and `fundsAvailable`, which signals a rejection for lack of funds (part 2.11, part 3 rule 2). Payments are processed in the batch runs, 5 times a day (part 1).',
  },
  {
    route: 'POST /authorisations',
    summary: 'Start a new SCA for a payment',
    text: 'A new `scaRedirect` for a payment waiting for SCA, e.g. after the PSU aborted (part 5.2 rule 1). TPP-Redirect-URI is required.',
    errors: [{ status: 409, code: 'CONFLICT', when: 'the payment no longer waits for SCA' }],
    headers: { 'tpp-redirect-uri': 'https://tpp.example/callback' },
  },
];

function serviceDocs(service: Service): Record<string, RouteDocs> {
  const base = `/${service}/:product`;
  const params = { product: NDCT, paymentId: PAYMENT_ID };
  const { create, text, body, examples } = SERVICES[service];
  const docs: Record<string, RouteDocs> = {
    [`POST ${base}`]: {
      summary: create,
      description: [text, CREATE_TEXT, CREATE_RULES, PIS].join('\n\n'),
      requestSchema: body,
      optionalHeaders: ['x-psu-identity', 'tpp-brand-logging-information'],
      errors: CREATE_ERRORS,
      examples: examples ?? OTHER_PRODUCT,
    },
  };
  for (const operation of PAYMENT_OPERATIONS) {
    const [method, below] = operation.route.split(' ') as [string, string];
    docs[`${method} ${base}/:paymentId${below}`] = {
      summary: operation.summary,
      description: [operation.text, PIS].join('\n\n'),
      ...(operation.status === undefined ? {} : { status: operation.status }),
      errors: [...PRODUCT_ERRORS, UNKNOWN_PAYMENT, ...(operation.errors ?? [])],
      examples: {
        unknown: {
          summary: 'A payment that does not exist yet',
          params,
          ...(operation.headers === undefined ? {} : { headers: operation.headers }),
          status: 404,
        },
      },
    };
  }
  return docs;
}

const CONTROL =
  'Sandbank\u2019s control plane: unsigned, outside the contract (docs/decisions/payment-sca.md).';

/** A control-plane approval of what waits for SCA (a payment, a basket), as the PSU would on the page. */
function approveDocs(
  summary: string,
  text: string,
  what: { param: string; resource: string; example: string },
): RouteDocs {
  return {
    summary,
    description: [text, CONTROL].join('\n\n'),
    status: 200,
    errors: [
      { status: 400, code: 'FORMAT_ERROR', when: 'the body is not in its form' },
      { status: 404, code: 'RESOURCE_UNKNOWN', when: `no ${what.resource} has this id` },
      { status: 409, code: 'CONFLICT', when: 'no authorisation is waiting' },
    ],
    examples: {
      unknown: {
        summary: what.example,
        params: { [what.param]: PAYMENT_ID },
        body: { psuNationalId: '13039319955' },
        status: 404,
      },
    },
  };
}

export const paymentDocs: Readonly<Record<string, RouteDocs>> = {
  'POST /payments/:product/fee-information': {
    summary: 'Fee information for an instant payment',
    description: [
      'What an instant (Straks) payment would cost (part 4.2 item 12), from the bank\u2019s fee table (docs/decisions/payment-fees.md): `transactionFees` and `transactionFeeIndicator`. Offered for `instant-norwegian-domestic-credit-transfers-straks` only; the amount is in NOK.',
      PIS,
    ].join('\n\n'),
    status: 200,
    requestSchema: FeeInformationRequest,
    errors: [
      { status: 400, code: 'FORMAT_ERROR', when: 'the body is not in its form, or the amount is not in NOK' },
      ...PRODUCT_ERRORS,
    ],
    examples: {
      straks: {
        summary: 'An instant payment of 500 NOK',
        params: { product: 'instant-norwegian-domestic-credit-transfers-straks' },
        body: {
          amount: { amount: '500.00', currency: 'NOK' },
          creditorAccount: { bban: '97101056485', currency: 'NOK' },
          debtorAccount: { bban: '97101009223', currency: 'NOK' },
        },
        status: 200,
      },
    },
  },
  ...serviceDocs('payments'),
  ...serviceDocs('periodic-payments'),
  ...serviceDocs('bulk-payments'),
  'POST /_sandbank/payments/:paymentId/approve': approveDocs(
    'Approve a payment\u2019s SCA without the pages',
    '`{psuNationalId, context?, corporateId?}`: completes the SCA the payment waits for as the PSU would on the bank\u2019s page, running the same outcome.',
    { param: 'paymentId', resource: 'payment', example: 'No such payment' },
  ),
  'POST /_sandbank/payments/:paymentId/cancel-authorisation': {
    summary: 'Abort a payment\u2019s SCA as the PSU would',
    description: ['The PSU aborts the SCA the payment waits for.', CONTROL].join('\n\n'),
    status: 200,
    errors: [
      { status: 404, code: 'RESOURCE_UNKNOWN', when: 'no payment has this id' },
      { status: 409, code: 'CONFLICT', when: 'no authorisation is waiting' },
    ],
    examples: { unknown: { summary: 'No such payment', params: { paymentId: PAYMENT_ID }, status: 404 } },
  },
  'POST /_sandbank/signing-baskets/:basketId/approve': approveDocs(
    'Approve a signing basket\u2019s SCA without the pages',
    'One SCA for every payment in the basket, as on the bank\u2019s page.',
    { param: 'basketId', resource: 'signing basket', example: 'No such basket' },
  ),
  'POST /_sandbank/batch': {
    summary: 'Run the next payment batch',
    description: [
      'Moves the bank clock to the next batch run and runs it (part 1: payments other than periodic ones are processed 5 times a day).',
      CONTROL,
    ].join('\n\n'),
    status: 200,
    examples: { next: { summary: 'The next run after 10:00', status: 200 } },
  },
};
