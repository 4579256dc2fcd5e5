import { apiError } from '../core/errors.js';
import type { Money, Payment } from '../core/state.js';

export type PaymentService = Payment['service'];
export const PAYMENT_SERVICES: readonly PaymentService[] = ['payments', 'periodic-payments', 'bulk-payments'];

export const NDCT = 'norwegian-domestic-credit-transfers';
export const NCBCT = 'norwegian-cross-border-credit-transfers';
export const INSTANT = 'instant-norwegian-domestic-credit-transfers-straks';

/** docs/platform-facts.md §1: the payment products and the services each is offered for. */
export const PRODUCT_SERVICES: Readonly<Record<string, readonly PaymentService[]>> = {
  [NDCT]: ['payments', 'periodic-payments', 'bulk-payments'],
  [NCBCT]: ['payments'],
  [INSTANT]: ['payments'],
};

/** Unknown product → 404 PRODUCT_UNKNOWN; a product not offered for the service → 403 PRODUCT_INVALID. */
export function assertProduct(service: PaymentService, product: string): void {
  const services = PRODUCT_SERVICES[product];
  if (services === undefined) {
    throw apiError(
      'PRODUCT_UNKNOWN',
      `payment product ${JSON.stringify(product.slice(0, 80))} is unknown; known products: ${Object.keys(PRODUCT_SERVICES).join(', ')}`,
      { path: 'payment-product' },
    );
  }
  if (!services.includes(service)) {
    throw apiError(
      'PRODUCT_INVALID',
      `payment product ${product} is not offered for ${service}; it is offered for: ${services.join(', ')}`,
      { path: 'payment-product' },
    );
  }
}

/**
 * The bank's fee table (docs/decisions/payment-fees.md), in NOK per payment: domestic transfers are
 * free, an instant (Straks) transfer costs 2 kroner and a cross-border transfer 75 kroner.
 */
const FEES_NOK: Readonly<Record<string, string>> = {
  [NDCT]: '0.00',
  [NCBCT]: '75.00',
  [INSTANT]: '2.00',
};

export function feeFor(product: string): Money {
  return { amount: FEES_NOK[product] ?? '0.00', currency: 'NOK' };
}

/**
 * Fixed exchange rates, NOK per one unit (docs/decisions/payment-fees.md). Exact decimals: the
 * conversion is done in bigint, never in floating point.
 */
export const NOK_RATES: Readonly<Record<string, string>> = {
  NOK: '1',
  EUR: '11.5',
  USD: '10.5',
  GBP: '13.5',
  SEK: '1',
  DKK: '1.55',
  CHF: '12',
  ISK: '0.08',
  PLN: '2.7',
  JPY: '0.07',
};

/** NOK 100 000: NCBCT transfers at or above it need the regulatory reporting fields (part 2.3, part 8). */
export const REPORTING_THRESHOLD_NOK = '100000';

/** Bank time of the five daily batch runs (UTC, banking days only), minutes after midnight. */
export const BATCH_MINUTES = [6 * 60, 9 * 60, 12 * 60, 15 * 60, 18 * 60] as const;
/** Standing orders (periodic payments) execute once on their day, before the first batch. */
export const PERIODIC_RUN_MINUTES = 5 * 60;
/** Logical duplicates: same content from the same TPP and PSU within this much bank time. */
export const DUPLICATE_WINDOW_MS = 10 * 60_000;
