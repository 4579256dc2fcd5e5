import { apiError } from '../core/errors.js';
import { fromMinor, minorUnits, toMinor } from '../core/money.js';
import { NOK_RATES, REPORTING_THRESHOLD_NOK } from './products.js';

const RATE_SCALE = 6;

/** A rate as bigint millionths of a krone, or null when the sandbox has no rate for the currency. */
function scaledRate(currency: string): bigint | null {
  const rate = NOK_RATES[currency];
  if (rate === undefined) return null;
  const [whole = '0', fraction = ''] = rate.split('.');
  return BigInt(whole + fraction.padEnd(RATE_SCALE, '0'));
}

export function hasRate(currency: string): boolean {
  return scaledRate(currency) !== null;
}

/**
 * `amount` of `from` in `to` at the fixed rates, rounded half up to `to`'s minor units. Exact bigint
 * arithmetic; same currency returns the amount unchanged.
 */
export function convert(amount: string, from: string, to: string): string {
  if (from === to) return fromMinor(toMinor(amount, from), to);
  const rf = scaledRate(from);
  const rt = scaledRate(to);
  if (rf === null || rt === null) {
    throw apiError(
      'PAYMENT_FAILED',
      `the sandbox has no exchange rate between ${from} and ${to}; rates exist for ${Object.keys(NOK_RATES).join(', ')}`,
    );
  }
  const numerator = toMinor(amount, from) * rf * 10n ** BigInt(minorUnits(to));
  const denominator = rt * 10n ** BigInt(minorUnits(from));
  const negative = numerator < 0n;
  const abs = negative ? -numerator : numerator;
  const rounded = (abs * 2n + denominator) / (denominator * 2n);
  return fromMinor(negative ? -rounded : rounded, to);
}

/**
 * part 2.3: true when `amount` is NOK 100 000 or more, compared exactly at the fixed rates. A
 * currency without a rate counts as reaching the threshold, so the reporting fields are asked for.
 */
export function reachesReportingThreshold(amount: string, currency: string): boolean {
  const rate = scaledRate(currency);
  if (rate === null) return true;
  const left = toMinor(amount, currency) * rate;
  const right = BigInt(REPORTING_THRESHOLD_NOK) * 10n ** BigInt(RATE_SCALE + minorUnits(currency));
  return left >= right;
}
