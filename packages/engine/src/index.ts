export type { StateChange } from './core/changes.js';
export type {
  AcceptFix,
  AcceptFixDefaults,
  Profile,
  Psd2Role,
  RequestContext,
  TppContext,
} from './core/context.js';
export type { CookieJar, StoredCookie } from './core/cookie-jar.js';
export { createMemoryCookieJar } from './core/cookie-jar.js';
export type { ErrorCode, TppMessage } from './core/errors.js';
export { ApiError, apiError, ERROR_STATUSES } from './core/errors.js';
export { stateFromExport, stateToExport } from './core/exported-records.js';
export type { FaultEffect, FaultMatch, FaultRule } from './core/fault-state.js';
export type { HistoryPoint } from './core/history.js';
export type { EngineRequest, EngineResponse } from './core/http.js';
export { type KeyedChunks, keyedFrom } from './core/keyed-chunks.js';
export {
  accountById,
  accountCount,
  accountList,
  accountsOf,
  authorisationById,
  authorisationList,
  basketById,
  basketList,
  cardAccountById,
  cardAccountList,
  cardAccountsOf,
  consentById,
  consentCount,
  consentList,
  consentsOf,
  consentsOfPsu,
  customerById,
  customerCount,
  customerList,
  paymentById,
  paymentCount,
  paymentList,
  sessionList,
} from './core/records.js';
export type { Route, Service } from './core/router.js';
export type {
  Account,
  Agreement,
  Authorisation,
  BankState,
  CardAccount,
  CardTransaction,
  Consent,
  Customer,
  ExportedBankState,
  ExportedSnapshot,
  ExportedState,
  PageSession,
  Payment,
  PaymentStatus,
  PsuContext,
  ScaSession,
  SeenRequests,
  SigningBasket,
  Snapshot,
  State,
  Transaction,
} from './core/state.js';
export { LedgerChunk as LedgerChunkSchema, STATE_VERSION, State as StateSchema } from './core/state.js';
export type { FaultControls, FaultsApi } from './faults/client.js';
export { faultControls } from './faults/client.js';
export { FAULT_HEADER } from './faults/header.js';
export type { FaultRuleInput, Scenario } from './faults/scenarios.js';
export { SCENARIOS } from './faults/scenarios.js';
export type { ControlAccess, PageRequest } from './gateway/control-owner.js';
export {
  bearerRefusal,
  bearerToken,
  controlRefusal,
  isControlPath,
  pageControlRefusal,
} from './gateway/control-owner.js';
export { type Logger, toErrorResponse, toErrorWebResponse } from './gateway/error-response.js';
export { isSandboxPath } from './gateway/paths.js';
export type { ClockSkew } from './gateway/request-security.js';
export { ibanFromBban, isNorwegianNationalId, makeBban } from './identifiers.js';
export type { BasketStatus } from './lifecycle.js';
export {
  BASKET_STATUSES,
  basketStatusOf,
  CONSENT_RENEWAL_MS,
  consentRenewalDue,
  FINAL_PAYMENT_STATUSES,
  isSessionActive,
  PAYMENT_STATUSES,
  PAYMENT_TRANSITIONS,
  SESSION_MS,
  worstCaseStatus,
} from './lifecycle.js';
export { routes } from './routes.js';
export type {
  Commit,
  RequestLogEntry,
  Sandbox,
  SandboxEvent,
  SandboxOptions,
  SandboxWithFaults,
} from './sandbox.js';
export { createSandbox } from './sandbox.js';
export type { ScaOutcome, ScaPsu } from './sca/outcome-types.js';
export type { AuthorisationKind, StartAuthorisationInput } from './sca/start-authorisation.js';
