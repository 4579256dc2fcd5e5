import type { State } from '@sandbank/engine';

/**
 * Slices other areas add to the state. Until they land, the playground renders these views only
 * when the state carries the slice (`'payments' in state`); the shapes follow the contract.
 */

/** part 3: payment transactionStatus values. */
export const PAYMENT_STATUSES = [
  'RCVD',
  'ACTC',
  'ACCP',
  'ACSP',
  'ACSC',
  'RJCT',
  'CANC',
  'PDNG',
  'PART',
  'ACWC',
  'ACWP',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** part 2.5: signing basket transactionStatus values. */
export const BASKET_STATUSES = ['RCVD', 'ACTC', 'PATC', 'RJCT'] as const;
export type BasketStatus = (typeof BASKET_STATUSES)[number];

export interface StatusChange<S extends string> {
  status: S;
  /** Bank time of the change, epoch ms. */
  at: number;
  reason?: string;
}

export interface PaymentView {
  paymentId: string;
  product: string;
  service?: string;
  transactionStatus: PaymentStatus;
  instructedAmount: { amount: string; currency: string };
  creditorName: string;
  creditorAccount: { bban?: string; iban?: string };
  debtorAccount: { bban?: string; iban?: string };
  requestedExecutionDate?: string;
  createdAt: number;
  history: StatusChange<PaymentStatus>[];
  fundsAvailable?: boolean;
}

export interface BasketView {
  basketId: string;
  transactionStatus: BasketStatus;
  paymentIds: string[];
  createdAt: number;
  history: StatusChange<BasketStatus>[];
}

export interface ConsentView {
  consentId: string;
  psuId: string;
  /** Account ids the PSU granted (part 5.2 rule 4). */
  accounts: string[];
  createdAt: number;
  /** Bank time the consent stops working, epoch ms (part 5.2 rule 7: 180 days). */
  expiresAt: number;
  status?: string;
}

export interface SessionView {
  sessionId: string;
  psuId: string;
  createdAt: number;
  /** part 5.2 rule 6: an SCA under a TPP-Session-ID lasts up to 1 hour. */
  expiresAt: number;
  /** `replaced` once a newer session's SCA completed (part 5.2 rule 6). */
  status?: string;
}

export interface Extensions {
  payments?: Record<string, PaymentView>;
  baskets?: Record<string, BasketView>;
  consents?: Record<string, ConsentView>;
  sessions?: Record<string, SessionView>;
}

const RENEWAL_MS = 180 * 86_400_000;

/**
 * part 3 rule 1: a basket's status is the worst case over its payments: any rejected or cancelled
 * makes it RJCT; all still awaiting SCA is RCVD; all authorised ACTC; a mix PATC.
 */
export function worstOf(statuses: readonly (PaymentStatus | undefined)[]): BasketStatus {
  if (statuses.some((s) => s === undefined || s === 'RJCT' || s === 'CANC')) return 'RJCT';
  const waiting = statuses.filter((s) => s === 'RCVD').length;
  if (waiting === statuses.length) return 'RCVD';
  return waiting === 0 ? 'ACTC' : 'PATC';
}

function slice(state: State, name: string): Record<string, unknown> | null {
  const value: unknown = (state as unknown as Record<string, unknown>)[name];
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object';
}

function num(value: unknown, fallback: number): number {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string') {
    const parsed = Date.parse(value);
    if (Number.isFinite(parsed)) return parsed;
  }
  return fallback;
}

function str(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : fallback;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function history<S extends string>(value: unknown, current: S, createdAt: number): StatusChange<S>[] {
  if (!Array.isArray(value)) return [{ status: current, at: createdAt }];
  return value.filter(isRecord).map((item) => ({
    status: str(item.status ?? item.transactionStatus, current) as S,
    at: num(item.at ?? item.time, createdAt),
    ...(typeof item.reason === 'string' ? { reason: item.reason } : {}),
  }));
}

function money(value: unknown): { amount: string; currency: string } {
  if (!isRecord(value)) return { amount: '0', currency: '' };
  return { amount: String(value.amount ?? '0'), currency: str(value.currency) };
}

function accountRef(value: unknown): { bban?: string; iban?: string } {
  if (!isRecord(value)) return {};
  return {
    ...(typeof value.bban === 'string' ? { bban: value.bban } : {}),
    ...(typeof value.iban === 'string' ? { iban: value.iban } : {}),
  };
}

/**
 * Reads the slices other areas add, tolerating field names that differ from the views' (the
 * payment may keep its request under `request`, its times as ISO strings).
 */
export function readExtensions(state: State): Extensions {
  const out: Extensions = {};
  const payments = slice(state, 'payments');
  if (payments) {
    out.payments = {};
    for (const [id, raw] of Object.entries(payments)) {
      if (!isRecord(raw)) continue;
      const body = isRecord(raw.request) ? raw.request : isRecord(raw.body) ? raw.body : raw;
      const status = str(raw.transactionStatus ?? raw.status, 'RCVD') as PaymentStatus;
      const createdAt = num(raw.createdAt ?? raw.created, 0);
      out.payments[id] = {
        paymentId: str(raw.paymentId, id),
        product: str(raw.product ?? raw.paymentProduct),
        ...(typeof raw.service === 'string' ? { service: raw.service } : {}),
        transactionStatus: status,
        instructedAmount: money(body.instructedAmount),
        creditorName: str(body.creditorName),
        creditorAccount: accountRef(body.creditorAccount),
        debtorAccount: accountRef(body.debtorAccount),
        ...(typeof body.requestedExecutionDate === 'string'
          ? { requestedExecutionDate: body.requestedExecutionDate }
          : {}),
        createdAt,
        history: history(raw.history ?? raw.statusHistory ?? raw.transitions, status, createdAt),
        ...(typeof raw.fundsAvailable === 'boolean' ? { fundsAvailable: raw.fundsAvailable } : {}),
      };
    }
  }
  const baskets = slice(state, 'baskets') ?? slice(state, 'signingBaskets');
  if (baskets) {
    out.baskets = {};
    for (const [id, raw] of Object.entries(baskets)) {
      if (!isRecord(raw)) continue;
      const createdAt = num(raw.createdAt, 0);
      const status = (
        typeof raw.transactionStatus === 'string' || typeof raw.status === 'string'
          ? str(raw.transactionStatus ?? raw.status)
          : worstOf(strings(raw.paymentIds).map((p) => out.payments?.[p]?.transactionStatus))
      ) as BasketStatus;
      out.baskets[id] = {
        basketId: str(raw.basketId, id),
        transactionStatus: status,
        paymentIds: strings(raw.paymentIds),
        createdAt,
        history: history(raw.history ?? raw.statusHistory ?? raw.transitions, status, createdAt),
      };
    }
  }
  const consents = slice(state, 'consents');
  if (consents) {
    out.consents = {};
    for (const [id, raw] of Object.entries(consents)) {
      if (!isRecord(raw)) continue;
      const scaAt = num(raw.scaAt ?? raw.createdAt, 0);
      out.consents[id] = {
        consentId: str(raw.consentId, id),
        psuId: str(raw.psuId ?? raw.nationalId),
        accounts: [...strings(raw.accounts ?? raw.accountIds), ...strings(raw.cardAccountIds)],
        createdAt: num(raw.createdAt, 0),
        // part 5.2 rule 7: SCA is renewed every 180 days.
        expiresAt: num(raw.expiresAt ?? raw.validUntil, scaAt + RENEWAL_MS),
        ...(typeof raw.status === 'string' ? { status: raw.status } : {}),
      };
    }
  }
  const sessions = slice(state, 'sessions') ?? slice(state, 'scaSessions') ?? slice(state, 'tppSessions');
  if (sessions) {
    out.sessions = {};
    for (const [id, raw] of Object.entries(sessions)) {
      if (!isRecord(raw)) continue;
      out.sessions[id] = {
        sessionId: str(raw.sessionId ?? raw.tppSessionId, id),
        psuId: str(raw.psuId ?? raw.nationalId),
        createdAt: num(raw.createdAt ?? raw.scaAt, 0),
        expiresAt: num(raw.expiresAt ?? raw.validUntil, 0),
        ...(typeof raw.status === 'string' ? { status: raw.status } : {}),
      };
    }
  }
  return out;
}
