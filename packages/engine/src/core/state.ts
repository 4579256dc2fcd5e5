import * as z from 'zod/mini';
import { emptyFaults, FaultsState } from './fault-state.js';
import { emptyKeyed, type KeyedChunks } from './keyed-chunks.js';
import { int, useEnglishMessages } from './zod-support.js';

/**
 * The sandbox state: plain, serialisable data (no classes, no Date objects), normalised into
 * slices named after their data. Every amount is a canonical decimal string in its currency.
 * The schemas validate an imported state; the types are inferred from them.
 */
export const STATE_VERSION = 1;

// The import's and the store's errors quote zod's messages (core/zod-support.ts).
useEnglishMessages();

const Decimal = z.string().check(z.regex(/^-?\d+(\.\d+)?$/));
const IsoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

export const Money = z.object({ amount: Decimal, currency: z.string().check(z.length(3)) });
export type Money = z.infer<typeof Money>;

export const AccountRef = z.object({
  bban: z.optional(z.string()),
  iban: z.optional(z.string()),
  currency: z.optional(z.string()),
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
  referenceType: z.optional(z.string()),
  referenceIssuer: z.optional(z.string()),
});

export const Transaction = z.object({
  transactionId: z.string(),
  accountId: z.string(),
  status: z.enum(['booked', 'pending']),
  /** Order of creation, for a stable sort among equal dates. */
  seq: int(),
  bookingDate: IsoDate,
  valueDate: z.optional(IsoDate),
  amount: Decimal,
  currency: z.string(),
  creditorName: z.optional(z.string()),
  creditorAccount: z.optional(AccountRef),
  debtorName: z.optional(z.string()),
  debtorAccount: z.optional(AccountRef),
  remittanceInformationUnstructured: z.optional(z.string()),
  remittanceInformationStructuredArray: z.optional(z.array(RemittanceReference)),
  purposeCode: z.optional(z.string()),
  bankTransactionCode: z.optional(z.string()),
  proprietaryBankTransactionCode: z.optional(z.string()),
  endToEndId: z.optional(z.string()),
  paymentId: z.optional(z.string()),
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
  seq: int(),
  bookingDate: IsoDate,
  transactionDate: IsoDate,
  transactionAmount: Money,
  originalAmount: Money,
  merchantCategoryCode: z.string(),
  merchantName: z.optional(z.string()),
  /**
   * `payment`: booked by a payment from the card account. The account-information listing shows it;
   * the mock-data listing does not (part 4.2 item 10: only transactions created through its POST).
   */
  source: z.optional(z.literal('payment')),
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
  redirectUri: z.nullable(z.string()),
  sessionId: z.nullable(z.string()),
  /** PSU-ID of the request that started the authorisation. */
  psuId: z.nullable(z.string()),
  context: z.nullable(PsuContext),
  /** PSU-Corporate-ID: the UUID the TPP knows the agreement by. */
  corporateId: z.nullable(z.string()),
  status: z.enum(['started', 'psuIdentified', 'finalised', 'failed']),
  createdAt: int(),
  expiresAt: int(),
  /** part 5.2 rule 5: `TPP-Redirect-Preferred: false` asks for biometric authentication in the app. */
  redirectPreferred: z.boolean(),
  /** X-PSU-IDENTITY of the request, offered as the login default. */
  identityHint: z.nullable(z.string()),
  nationalId: z.nullable(z.string()),
  agreementId: z.nullable(z.string()),
  /** Accounts and card accounts ticked on the consent page, read by the consent outcome. */
  selectedIds: z.array(z.string()),
  /**
   * The browser (page session, `pages.sessions`) the PSU signed in with: another browser opening the
   * link starts at the sign-in page. Null until someone signs in.
   */
  browser: z._default(z.nullable(z.string()), null),
  /**
   * When the PSU was authenticated, for an authorisation an active TPP session identified (part 5.2
   * rule 6: no new SCA within the hour): the session's SCA. Absent when the PSU signs in on the page.
   */
  scaAt: z.optional(int()),
});
export type Authorisation = z.infer<typeof Authorisation>;

export const Consent = z.object({
  consentId: z.string(),
  tppId: z.string(),
  nationalId: z.string(),
  context: PsuContext,
  agreementId: z.nullable(z.string()),
  accountIds: z.array(z.string()),
  cardAccountIds: z.array(z.string()),
  /**
   * `valid`: grants what it lists. `revoked`: the PSU unticked everything it had granted
   * (docs/platform-facts.md §5: 403). `empty`: the PSU approved the consent with nothing ticked, so it never granted anything.
   */
  status: z.enum(['valid', 'revoked', 'empty']),
  createdAt: int(),
  /** The PSU's last SCA for this consent: lists, renewal and detail limits count from it. */
  scaAt: int(),
  /** part 8: transaction-detail calls without PSU-IP-Address on the bank day `detailsDay`. */
  detailsDay: z.string(),
  detailsCount: int().check(z.gte(0)),
});
export type Consent = z.infer<typeof Consent>;

export const ScaSession = z.object({
  tppId: z.string(),
  sessionId: z.string(),
  nationalId: z.string(),
  scaAt: int(),
  expiresAt: int(),
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
  creditorAccountId: z.nullable(z.string()),
  remittanceInformationUnstructured: z.optional(z.string()),
  remittanceInformationStructuredArray: z.optional(z.array(RemittanceReference)),
  purposeCode: z.optional(z.string()),
  /** open: not yet executed; sent: debited, in clearing to another bank; booked: done; rejected. */
  state: z.enum(['open', 'sent', 'booked', 'rejected']),
  transactionIds: z.array(z.string()),
});
export type PaymentInstruction = z.infer<typeof PaymentInstruction>;

export const PeriodicSchedule = z.object({
  startDate: IsoDate,
  endDate: z.optional(IsoDate),
  frequency: z.string(),
  dayOfExecution: z.optional(z.string()),
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
  psuId: z.nullable(z.string()),
  psuIdentity: z.nullable(z.string()),
  psuContext: z.nullable(z.enum(['PRIVATE', 'CORPORATE'])),
  corporateId: z.nullable(z.string()),
  sessionId: z.nullable(z.string()),
  redirectUri: z.nullable(z.string()),
  /** The request body as received, echoed by GET (docs/platform-facts.md §1). */
  request: z.record(z.string(), z.unknown()),
  debtorAccount: z.object({ kind: z.enum(['account', 'card']), id: z.string(), currency: z.string() }),
  instructions: z.array(PaymentInstruction),
  /** Day the payment is due (requestedExecutionDate, or the creation day; periodic: startDate). */
  executionDate: IsoDate,
  fee: Money,
  feeTransactionId: z.nullable(z.string()),
  /** The pending transaction reserving the amount on the debtor account until the batch books it. */
  reservationId: z.nullable(z.string()),
  transactionStatus: PaymentStatus,
  statusHistory: z.array(z.object({ status: PaymentStatus, at: z.number(), reason: z.optional(z.string()) })),
  /** Set once a funds check happened (part 3 rule 2). */
  fundsAvailable: z.nullable(z.boolean()),
  psuMessage: z.nullable(z.string()),
  scaExempt: z.boolean(),
  authorisationIds: z.array(z.string()),
  basketId: z.nullable(z.string()),
  /** Content hash for the logical-duplicate check. */
  fingerprint: z.string(),
  periodic: z.nullable(PeriodicSchedule),
  createdAt: z.number(),
});
export type Payment = z.infer<typeof Payment>;

export const SigningBasket = z.object({
  basketId: z.string(),
  paymentIds: z.array(z.string()),
  tppId: z.string(),
  psuId: z.nullable(z.string()),
  psuIdentity: z.nullable(z.string()),
  sessionId: z.nullable(z.string()),
  redirectUri: z.nullable(z.string()),
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
  email: z.nullable(z.string()),
  registeredAt: z.number(),
});
export type RegisteredTpp = z.infer<typeof RegisteredTpp>;

/**
 * The X-Request-IDs one TPP used on signed requests that changed the bank (part 4.1: unique per call),
 * each kept until the bank time after which the request's signed date is refused anyway.
 */
export const SeenRequests = z.object({
  /** The latest expiry among `ids`: a TPP whose ids have all expired is dropped without reading them. */
  until: int(),
  /** X-Request-ID → bank time until which a request reusing it is refused (the newest ids). */
  ids: z.record(z.string(), int()),
  /**
   * The older ids, in blocks of at most ID_BLOCK (core/replay.ts), oldest first: a write copies one
   * small block, not every id. Absent in an export, which lists every id in `ids` (oldest first).
   */
  earlier: z.optional(z.array(z.record(z.string(), int()))),
});
export type SeenRequests = z.infer<typeof SeenRequests>;

/**
 * A browser on the bank's pages: the HttpOnly cookie names it, every form it is shown carries its
 * `csrf` token, and on the consent overview it holds the PSU who signed in.
 */
export const PageSession = z.object({
  csrf: z.string(),
  createdAt: int(),
  expiresAt: int(),
  /** The PSU signed in on the bank's consent overview in this browser; null until then. */
  nationalId: z.nullable(z.string()),
});
export type PageSession = z.infer<typeof PageSession>;

/**
 * How far the bank clock may be from its source, either way: a century holds any date a test needs,
 * and keeps every bank time a valid date and the batch runs a moved clock catches up with bounded.
 */
export const MAX_CLOCK_OFFSET_MS = 100 * 366 * 24 * 60 * 60_000;

/** The bank itself: every slice but the named snapshots. */
export const BankState = z.object({
  version: z.literal(STATE_VERSION),
  meta: z.object({ seed: z.string(), counter: int().check(z.gte(0)) }),
  clock: z.object({
    /** Bank time = clock source + offset (set and advanced through the control plane). */
    offsetMs: int().check(
      z.gte(
        -MAX_CLOCK_OFFSET_MS,
        'must be within 100 years of the clock source (docs/decisions/bank-clock.md)',
      ),
      z.lte(
        MAX_CLOCK_OFFSET_MS,
        'must be within 100 years of the clock source (docs/decisions/bank-clock.md)',
      ),
    ),
  }),
  customers: z.record(z.string(), Customer),
  accounts: z.record(z.string(), Account),
  /** Account transactions per account id: a ledger of chunks in booking order (core/ledger.ts). */
  transactions: z.record(z.string(), z.array(z.array(Transaction))),
  cardAccounts: z.record(z.string(), CardAccount),
  cardTransactions: z.record(z.string(), z.array(CardTransaction)),
  agreements: z.record(z.string(), Agreement),
  // Account information and SCA; defaults let a state exported before them import.
  authorisations: z._default(z.record(z.string(), Authorisation), {}),
  consents: z._default(z.record(z.string(), Consent), {}),
  /** Keyed by `${tppId} ${sessionId}`. */
  sessions: z._default(z.record(z.string(), ScaSession), {}),

  // payments and signing baskets
  // (defaults let a state exported before payments existed still be imported)
  payments: z._default(z.record(z.string(), Payment), {}),
  signingBaskets: z._default(z.record(z.string(), SigningBasket), {}),
  /** Bank time of the last batch run (null: not yet started; the next request starts it). */
  paymentProcessing: z._default(z.object({ lastBatchAt: z.nullable(z.number()) }), { lastBatchAt: null }),
  // TPP registration: the register the production profile checks, keyed by organisationId.
  tppRegistry: z._default(z.record(z.string(), RegisteredTpp), {}),
  // Defaults let an older export import: replay memory by organisationId, and the
  // browsers on the bank's pages by cookie value (`counter` numbers the tokens they were given).
  seenRequests: z._default(z.record(z.string(), SeenRequests), {}),
  pages: z._default(
    z.object({ counter: int().check(z.gte(0)), sessions: z.record(z.string(), PageSession) }),
    { counter: 0, sessions: {} },
  ),
  // Issue 19: fault rules (src/faults/, docs/faults.md); the default lets an older export import.
  faults: z._default(FaultsState, emptyFaults),
});
/**
 * The bank as the export lists it (`GET/PUT /_sandbank/state`): customers, accounts, card accounts,
 * payments, authorisations, consents, SCA sessions and signing baskets flat.
 */
export type ExportedBankState = z.infer<typeof BankState>;
/**
 * The bank as the engine keeps it (`getState()`, commits): the customers, the accounts, the card
 * accounts, the payments, the authorisations, the consents, the SCA sessions and the signing baskets
 * in chunks (core/keyed-chunks.ts; read them with `customerList`, `accountById`, `accountList`,
 * `accountsOf`, `cardAccountById`, `cardAccountList`, `paymentById`, `paymentList`,
 * `authorisationById`, `consentById`, `consentList`, `sessionList`, `basketById`, `basketList`…), so a
 * write copies a bounded amount whatever their number. The export converts at the edge
 * (core/exported-records.ts).
 */
export type BankState = Omit<ExportedBankState, KeyedSlice> & {
  customers: KeyedChunks<Customer>;
  accounts: KeyedChunks<Account>;
  cardAccounts: KeyedChunks<CardAccount>;
  payments: KeyedChunks<Payment>;
  authorisations: KeyedChunks<Authorisation>;
  consents: KeyedChunks<Consent>;
  sessions: KeyedChunks<ScaSession>;
  signingBaskets: KeyedChunks<SigningBasket>;
};
/** The slices the engine keeps in chunks and the export lists flat. */
export const KEYED_SLICES = [
  'customers',
  'accounts',
  'cardAccounts',
  'payments',
  'authorisations',
  'consents',
  'sessions',
  'signingBaskets',
] as const;
export type KeyedSlice = (typeof KEYED_SLICES)[number];
export function isKeyedSlice(value: unknown): value is KeyedSlice {
  return (KEYED_SLICES as readonly unknown[]).includes(value);
}
/**
 * A snapshot's name: letters, digits, spaces and a little punctuation, and never a name an object's
 * prototype answers to (`constructor`, `toString`: the router refuses such a path value, so a
 * snapshot of that name could be saved but never read, restored or deleted).
 */
export const SnapshotName = z.string().check(
  z.regex(
    /^[\p{L}\p{N}][\p{L}\p{N} _.,:@()+-]{0,79}$/u,
    'must be 1 to 80 letters, digits, spaces or _.,:@()+- and start with a letter or digit',
  ),
  z.refine((name) => !(name in Object.prototype), 'is a name every object answers to; choose another'),
);

/** A named snapshot of the bank (docs/decisions/time-travel.md): kept in the state, so it is durable. */
export const Snapshot = z.object({ savedAt: int(), state: BankState });
export type ExportedSnapshot = z.infer<typeof Snapshot>;
export interface Snapshot {
  savedAt: number;
  state: BankState;
}
/** The schema of the export (and of an import): every slice flat, as the format has always listed it. */
export const State = z.extend(BankState, { snapshots: z._default(z.record(SnapshotName, Snapshot), {}) });
export type ExportedState = z.infer<typeof State>;
export type State = BankState & { snapshots: Record<string, Snapshot> };

export function emptyState(seed: string): State {
  return {
    version: STATE_VERSION,
    meta: { seed, counter: 0 },
    clock: { offsetMs: 0 },
    customers: emptyKeyed(),
    accounts: emptyKeyed(),
    transactions: {},
    cardAccounts: emptyKeyed(),
    cardTransactions: {},
    agreements: {},
    // Account information and SCA
    authorisations: emptyKeyed(),
    consents: emptyKeyed(),
    sessions: emptyKeyed(),

    // payments and signing baskets
    payments: emptyKeyed(),
    signingBaskets: emptyKeyed(),
    paymentProcessing: { lastBatchAt: null },
    tppRegistry: {},
    seenRequests: {},
    pages: { counter: 0, sessions: {} },
    faults: emptyFaults(),
    snapshots: {},
  };
}
