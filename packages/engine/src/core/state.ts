import * as z from 'zod';
import { emptyFaults, FaultsState } from './fault-state.js';
import { emptyKeyed, type KeyedChunks } from './keyed-chunks.js';

/**
 * The sandbox state: plain, serialisable data (no classes, no Date objects), normalised into
 * slices named after their data. Every amount is a canonical decimal string in its currency.
 * The schemas validate an imported state; the types are inferred from them.
 */
export const STATE_VERSION = 1;

const Decimal = z.string().regex(/^-?\d+(\.\d+)?$/);
const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const Money = z.object({ amount: Decimal, currency: z.string().length(3) });
export type Money = z.infer<typeof Money>;

export const AccountRef = z.object({
  bban: z.string().optional(),
  iban: z.string().optional(),
  currency: z.string().optional(),
});
export type AccountRef = z.infer<typeof AccountRef>;

export const Customer = z.object({
  customerId: z.string(),
  customerNumber: z.string(),
  customerName: z.string(),
  customerType: z.enum(['private', 'corporate']),
  seeded: z.boolean(),
});
export type Customer = z.infer<typeof Customer>;

export const Account = z.object({
  id: z.string(),
  customerNumber: z.string(),
  accountName: z.string(),
  bban: z.string(),
  iban: z.string(),
  bic: z.string(),
  currency: z.string(),
  product: z.string(),
  cashAccountType: z.string(),
  creditLine: Decimal,
  /** Booked balance; `expected` is booked plus pending, kept incrementally. */
  booked: Decimal,
  expected: Decimal,
  /** Incoming payments to this account must carry a KID (payment issue: KID_MISSING). */
  requiresKid: z.boolean(),
  seeded: z.boolean(),
});
export type Account = z.infer<typeof Account>;

export const RemittanceReference = z.object({
  reference: z.string(),
  referenceType: z.string().optional(),
  referenceIssuer: z.string().optional(),
});

export const Transaction = z.object({
  transactionId: z.string(),
  accountId: z.string(),
  status: z.enum(['booked', 'pending']),
  /** Order of creation, for a stable sort among equal dates. */
  seq: z.number().int(),
  bookingDate: IsoDate,
  valueDate: IsoDate.optional(),
  amount: Decimal,
  currency: z.string(),
  creditorName: z.string().optional(),
  creditorAccount: AccountRef.optional(),
  debtorName: z.string().optional(),
  debtorAccount: AccountRef.optional(),
  remittanceInformationUnstructured: z.string().optional(),
  remittanceInformationStructuredArray: z.array(RemittanceReference).optional(),
  purposeCode: z.string().optional(),
  bankTransactionCode: z.string().optional(),
  proprietaryBankTransactionCode: z.string().optional(),
  endToEndId: z.string().optional(),
  paymentId: z.string().optional(),
});
export type Transaction = z.infer<typeof Transaction>;
/** One chunk of an account's ledger (core/ledger.ts). */
export const LedgerChunk = z.array(Transaction);

export const CardAccount = z.object({
  id: z.string(),
  customerNumber: z.string(),
  maskedPan: z.string(),
  currency: z.string(),
  creditLimit: Decimal,
  balances: z.array(
    z.object({ balanceType: z.enum(['closingBooked', 'expected', 'interimBooked']), amount: Decimal }),
  ),
  cardId: z.string(),
  cardIdVNo: z.string(),
  accountNumber: z.string(),
  expiry: z.string(),
  name: z.string(),
  product: z.string(),
  status: z.enum(['enabled', 'deleted', 'blocked']),
  seeded: z.boolean(),
});
export type CardAccount = z.infer<typeof CardAccount>;

export const CardTransaction = z.object({
  cardTransactionId: z.string(),
  cardAccountId: z.string(),
  status: z.enum(['booked', 'pending']),
  seq: z.number().int(),
  bookingDate: IsoDate,
  transactionDate: IsoDate,
  transactionAmount: Money,
  originalAmount: Money,
  merchantCategoryCode: z.string(),
  merchantName: z.string().optional(),
});
export type CardTransaction = z.infer<typeof CardTransaction>;

export const Engagement = z.object({
  customer: z.string(),
  accountId: z.string(),
  roles: z.array(z.string()),
});

export const Agreement = z.object({
  agreementId: z.string(),
  owner: z.string(),
  name: z.string(),
  engagements: z.array(Engagement),
  seeded: z.boolean(),
});
export type Agreement = z.infer<typeof Agreement>;

// Account information and SCA: authorisations, consents, TPP sessions.
export const PsuContext = z.enum(['PRIVATE', 'CORPORATE']);
export type PsuContext = z.infer<typeof PsuContext>;

export const Authorisation = z.object({
  authorisationId: z.string(),
  kind: z.enum(['consent', 'user', 'payment', 'basket']),
  resourceIds: z.array(z.string()),
  /** The verified TPP's organisationId, or 'unverified' while requests are not signature-checked. */
  tppId: z.string(),
  redirectUri: z.string().nullable(),
  sessionId: z.string().nullable(),
  /** PSU-ID of the request that started the authorisation. */
  psuId: z.string().nullable(),
  context: PsuContext.nullable(),
  /** PSU-Corporate-ID: the UUID the TPP knows the agreement by. */
  corporateId: z.string().nullable(),
  status: z.enum(['started', 'psuIdentified', 'finalised', 'failed']),
  createdAt: z.number().int(),
  expiresAt: z.number().int(),
  /** part 5.2 rule 5: `TPP-Redirect-Preferred: false` asks for biometric authentication in the app. */
  redirectPreferred: z.boolean(),
  /** X-PSU-IDENTITY of the request, offered as the login default. */
  identityHint: z.string().nullable(),
  nationalId: z.string().nullable(),
  agreementId: z.string().nullable(),
  /** Accounts and card accounts ticked on the consent page, read by the consent outcome. */
  selectedIds: z.array(z.string()),
  /**
   * The browser (page session, `pages.sessions`) the PSU signed in with: another browser opening the
   * link starts at the sign-in page. Null until someone signs in.
   */
  browser: z.string().nullable().default(null),
});
export type Authorisation = z.infer<typeof Authorisation>;

export const Consent = z.object({
  consentId: z.string(),
  tppId: z.string(),
  nationalId: z.string(),
  context: PsuContext,
  agreementId: z.string().nullable(),
  accountIds: z.array(z.string()),
  cardAccountIds: z.array(z.string()),
  /**
   * `valid`: grants what it lists. `revoked`: the PSU unticked everything it had granted
   * (docs/platform-facts.md §5: 403). `empty`: the PSU approved the consent with nothing ticked, so it never granted anything.
   */
  status: z.enum(['valid', 'revoked', 'empty']),
  createdAt: z.number().int(),
  /** The PSU's last SCA for this consent: lists, renewal and detail limits count from it. */
  scaAt: z.number().int(),
  /** part 8: transaction-detail calls without PSU-IP-Address on the bank day `detailsDay`. */
  detailsDay: z.string(),
  detailsCount: z.number().int().nonnegative(),
});
export type Consent = z.infer<typeof Consent>;

export const ScaSession = z.object({
  tppId: z.string(),
  sessionId: z.string(),
  nationalId: z.string(),
  scaAt: z.number().int(),
  expiresAt: z.number().int(),
  status: z.enum(['active', 'replaced']),
});
export type ScaSession = z.infer<typeof ScaSession>;

// ---- payments and signing baskets (parts 2.2–2.5, 3) ----

export const PaymentStatus = z.enum([
  'RCVD',
  'ACTC',
  'ACCP',
  'ACWC',
  'ACWP',
  'PDNG',
  'ACSP',
  'ACSC',
  'PART',
  'RJCT',
  'CANC',
]);
export type PaymentStatus = z.infer<typeof PaymentStatus>;

/** One credit transfer of a payment: a single payment has one, a bulk payment several. */
export const PaymentInstruction = z.object({
  instructedAmount: Money,
  creditorName: z.string(),
  creditorAccount: AccountRef,
  /** The sandbox account credited when the creditor account is held in the sandbox. */
  creditorAccountId: z.string().nullable(),
  remittanceInformationUnstructured: z.string().optional(),
  remittanceInformationStructuredArray: z.array(RemittanceReference).optional(),
  purposeCode: z.string().optional(),
  /** open: not yet executed; sent: debited, in clearing to another bank; booked: done; rejected. */
  state: z.enum(['open', 'sent', 'booked', 'rejected']),
  transactionIds: z.array(z.string()),
});
export type PaymentInstruction = z.infer<typeof PaymentInstruction>;

export const PeriodicSchedule = z.object({
  startDate: IsoDate,
  endDate: IsoDate.optional(),
  frequency: z.string(),
  dayOfExecution: z.string().optional(),
  executionRule: z.enum(['following', 'preceding']),
  /** Executions made so far: the scheduled date, the day it ran and how it went. */
  executions: z.array(
    z.object({ scheduledDate: IsoDate, executionDate: IsoDate, status: z.enum(['booked', 'rejected']) }),
  ),
});
export type PeriodicSchedule = z.infer<typeof PeriodicSchedule>;

export const Payment = z.object({
  paymentId: z.string(),
  service: z.enum(['payments', 'periodic-payments', 'bulk-payments']),
  product: z.string(),
  /** The TPP that created it (organisationId, or 'unverified' while signatures are not checked). */
  tppId: z.string(),
  psuId: z.string().nullable(),
  psuIdentity: z.string().nullable(),
  psuContext: z.enum(['PRIVATE', 'CORPORATE']).nullable(),
  corporateId: z.string().nullable(),
  sessionId: z.string().nullable(),
  redirectUri: z.string().nullable(),
  /** The request body as received, echoed by GET (docs/platform-facts.md §1). */
  request: z.record(z.string(), z.unknown()),
  debtorAccount: z.object({ kind: z.enum(['account', 'card']), id: z.string(), currency: z.string() }),
  instructions: z.array(PaymentInstruction),
  /** Day the payment is due (requestedExecutionDate, or the creation day; periodic: startDate). */
  executionDate: IsoDate,
  fee: Money,
  feeTransactionId: z.string().nullable(),
  /** The pending transaction reserving the amount on the debtor account until the batch books it. */
  reservationId: z.string().nullable(),
  transactionStatus: PaymentStatus,
  statusHistory: z.array(z.object({ status: PaymentStatus, at: z.number(), reason: z.string().optional() })),
  /** Set once a funds check happened (part 3 rule 2). */
  fundsAvailable: z.boolean().nullable(),
  psuMessage: z.string().nullable(),
  scaExempt: z.boolean(),
  authorisationIds: z.array(z.string()),
  basketId: z.string().nullable(),
  /** Content hash for the logical-duplicate check. */
  fingerprint: z.string(),
  periodic: PeriodicSchedule.nullable(),
  createdAt: z.number(),
});
export type Payment = z.infer<typeof Payment>;

export const SigningBasket = z.object({
  basketId: z.string(),
  paymentIds: z.array(z.string()),
  tppId: z.string(),
  psuId: z.string().nullable(),
  psuIdentity: z.string().nullable(),
  sessionId: z.string().nullable(),
  redirectUri: z.string().nullable(),
  authorisationIds: z.array(z.string()),
  createdAt: z.number(),
});
export type SigningBasket = z.infer<typeof SigningBasket>;

/**
 * A TPP as the bank's register knows it (part 1: registered AISP/PISP, optional contact e-mail given
 * through the TPP dialogue interface). The production profile checks every signed request against it.
 */
export const RegisteredTpp = z.object({
  organisationId: z.string(),
  name: z.string(),
  roles: z.array(z.enum(['PSP_AS', 'PSP_PI', 'PSP_AI', 'PSP_IC'])),
  email: z.string().nullable(),
  registeredAt: z.number(),
});
export type RegisteredTpp = z.infer<typeof RegisteredTpp>;

/**
 * The X-Request-IDs one TPP used on signed requests that changed the bank (part 4.1: unique per call),
 * each kept until the bank time after which the request's signed date is refused anyway.
 */
export const SeenRequests = z.object({
  /** The latest expiry among `ids`: a TPP whose ids have all expired is dropped without reading them. */
  until: z.number().int(),
  /** X-Request-ID → bank time until which a request reusing it is refused (the newest ids). */
  ids: z.record(z.string(), z.number().int()),
  /**
   * The older ids, in blocks of at most ID_BLOCK (core/replay.ts), oldest first: a write copies one
   * small block, not every id. Absent in an export, which lists every id in `ids` (oldest first).
   */
  earlier: z.array(z.record(z.string(), z.number().int())).optional(),
});
export type SeenRequests = z.infer<typeof SeenRequests>;

/**
 * A browser on the bank's pages: the HttpOnly cookie names it, every form it is shown carries its
 * `csrf` token, and on the consent overview it holds the PSU who signed in.
 */
export const PageSession = z.object({
  csrf: z.string(),
  createdAt: z.number().int(),
  expiresAt: z.number().int(),
  /** The PSU signed in on the bank's consent overview in this browser; null until then. */
  nationalId: z.string().nullable(),
});
export type PageSession = z.infer<typeof PageSession>;

/** The bank itself: every slice but the named snapshots. */
export const BankState = z.object({
  version: z.literal(STATE_VERSION),
  meta: z.object({ seed: z.string(), counter: z.number().int().nonnegative() }),
  clock: z.object({
    /** Bank time = clock source + offset (set and advanced through the control plane). */
    offsetMs: z.number().int(),
  }),
  customers: z.record(z.string(), Customer),
  accounts: z.record(z.string(), Account),
  /** Account transactions per account id: a ledger of chunks in booking order (core/ledger.ts). */
  transactions: z.record(z.string(), z.array(z.array(Transaction))),
  cardAccounts: z.record(z.string(), CardAccount),
  cardTransactions: z.record(z.string(), z.array(CardTransaction)),
  agreements: z.record(z.string(), Agreement),
  // Account information and SCA; defaults let a state exported before them import.
  authorisations: z.record(z.string(), Authorisation).default({}),
  consents: z.record(z.string(), Consent).default({}),
  /** Keyed by `${tppId} ${sessionId}`. */
  sessions: z.record(z.string(), ScaSession).default({}),

  // payments and signing baskets
  // (defaults let a state exported before payments existed still be imported)
  payments: z.record(z.string(), Payment).default({}),
  signingBaskets: z.record(z.string(), SigningBasket).default({}),
  /** Bank time of the last batch run (null: not yet started; the next request starts it). */
  paymentProcessing: z.object({ lastBatchAt: z.number().nullable() }).default({ lastBatchAt: null }),
  // TPP registration: the register the production profile checks, keyed by organisationId.
  tppRegistry: z.record(z.string(), RegisteredTpp).default({}),
  // Defaults let an older export import: replay memory by organisationId, and the
  // browsers on the bank's pages by cookie value (`counter` numbers the tokens they were given).
  seenRequests: z.record(z.string(), SeenRequests).default({}),
  pages: z
    .object({ counter: z.number().int().nonnegative(), sessions: z.record(z.string(), PageSession) })
    .default({ counter: 0, sessions: {} }),
  // Issue 19: fault rules (src/faults/, docs/faults.md); the default lets an older export import.
  faults: FaultsState.default(emptyFaults),
});
/** The bank as the export lists it (`GET/PUT /_sandbank/state`): payments and authorisations flat. */
export type ExportedBankState = z.infer<typeof BankState>;
/**
 * The bank as the engine keeps it (`getState()`, commits): the payments and the authorisations in
 * chunks (core/keyed-chunks.ts; read them with `paymentById`, `paymentList`, `authorisationById`…),
 * so a write copies a bounded amount whatever their number. The export converts at the edge
 * (core/exported-records.ts).
 */
export type BankState = Omit<ExportedBankState, 'payments' | 'authorisations'> & {
  payments: KeyedChunks<Payment>;
  authorisations: KeyedChunks<Authorisation>;
};
/** A named snapshot of the bank (docs/decisions/time-travel.md): kept in the state, so it is durable. */
export const Snapshot = z.object({ savedAt: z.number().int(), state: BankState });
export type ExportedSnapshot = z.infer<typeof Snapshot>;
export interface Snapshot {
  savedAt: number;
  state: BankState;
}
/** The schema of the export (and of an import): every slice flat, as the format has always listed it. */
export const State = BankState.extend({ snapshots: z.record(z.string(), Snapshot).default({}) });
export type ExportedState = z.infer<typeof State>;
export type State = BankState & { snapshots: Record<string, Snapshot> };

export function emptyState(seed: string): State {
  return {
    version: STATE_VERSION,
    meta: { seed, counter: 0 },
    clock: { offsetMs: 0 },
    customers: {},
    accounts: {},
    transactions: {},
    cardAccounts: {},
    cardTransactions: {},
    agreements: {},
    // Account information and SCA
    authorisations: emptyKeyed(),
    consents: {},
    sessions: {},

    // payments and signing baskets
    payments: emptyKeyed(),
    signingBaskets: {},
    paymentProcessing: { lastBatchAt: null },
    tppRegistry: {},
    seenRequests: {},
    pages: { counter: 0, sessions: {} },
    faults: emptyFaults(),
    snapshots: {},
  };
}
