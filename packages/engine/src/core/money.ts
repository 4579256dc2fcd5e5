import { apiError } from './errors.js';

/**
 * ISO 4217 minor units for the contract's currency list (part 2.1). Currencies absent here have 2.
 * Amounts are kept as canonical decimal strings and computed as bigint minor units: no floating point.
 */
const MINOR_UNITS: Readonly<Record<string, number>> = {
  BHD: 3,
  BIF: 0,
  BYR: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  IQD: 3,
  ISK: 0,
  JOD: 3,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  PYG: 0,
  RWF: 0,
  TND: 3,
  UGX: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  XDR: 0,
};

export function minorUnits(currency: string): number {
  return MINOR_UNITS[currency] ?? 2;
}

const DECIMAL = /^-?\d{1,18}(\.\d{1,5})?$/;

/** True when `value` is a decimal with at most 18 digits before and 5 after the point (part 2.1). */
export function isDecimal(value: string): boolean {
  return DECIMAL.test(value);
}

/** Fraction digits in `value` (0 for an integer). */
export function fractionDigits(value: string): number {
  const point = value.indexOf('.');
  return point < 0 ? 0 : value.length - point - 1;
}

/** Minor units of `value` in `currency`; throws when `value` has more fraction digits than the currency. */
export function toMinor(value: string, currency: string): bigint {
  const digits = minorUnits(currency);
  const negative = value.startsWith('-');
  const unsigned = negative ? value.slice(1) : value;
  const [whole = '0', fraction = ''] = unsigned.split('.');
  if (fraction.length > digits) {
    throw apiError(
      'FORMAT_ERROR',
      `amount ${value} has more fraction digits than ${currency} allows (${digits})`,
    );
  }
  const minor = BigInt(whole + fraction.padEnd(digits, '0'));
  return negative ? -minor : minor;
}

/** The canonical decimal string of `minor` units of `currency`, with exactly its minor digits. */
export function fromMinor(minor: bigint, currency: string): string {
  const digits = minorUnits(currency);
  const negative = minor < 0n;
  const abs = (negative ? -minor : minor).toString().padStart(digits + 1, '0');
  const text = digits === 0 ? abs : `${abs.slice(0, -digits)}.${abs.slice(-digits)}`;
  return negative ? `-${text}` : text;
}

const canonicalForms = new Map<number, RegExp>();

/** Already in the form `fromMinor` writes: no leading zeros, exactly the currency's minor digits, no `-0`. */
function isCanonical(value: string, digits: number): boolean {
  let form = canonicalForms.get(digits);
  if (form === undefined) {
    form = new RegExp(digits === 0 ? '^-?(?:0|[1-9]\\d*)$' : `^-?(?:0|[1-9]\\d*)\\.\\d{${digits}}$`);
    canonicalForms.set(digits, form);
  }
  return form.test(value) && !/^-0(?:\.0*)?$/.test(value);
}

/** Canonical form of a decimal amount for a currency ("100.5" NOK → "100.50"). */
export function canonicalAmount(value: string, currency: string): string {
  // Stored amounts are canonical already: a page of 200 answers them without a BigInt round trip.
  if (isCanonical(value, minorUnits(currency))) return value;
  return fromMinor(toMinor(value, currency), currency);
}

/** Exact sum of decimal amounts in one currency. */
export function sumAmounts(currency: string, values: Iterable<string>): string {
  let sum = 0n;
  for (const v of values) sum += toMinor(v, currency);
  return fromMinor(sum, currency);
}

export function addAmounts(currency: string, ...values: string[]): string {
  return sumAmounts(currency, values);
}

export function negateAmount(value: string, currency: string): string {
  return fromMinor(-toMinor(value, currency), currency);
}

export function compareAmounts(a: string, b: string, currency: string): number {
  const d = toMinor(a, currency) - toMinor(b, currency);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}

/**
 * A JSON number (as sent by clients that do not send strings) turned into its exact decimal text.
 * `String(n)` gives the shortest round-tripping form, so 100.1 stays "100.1" rather than 100.09999….
 * Its exponent form (below 1e-6, from 1e21) is written out digit for digit, never rounded: 1e-7 is
 * "0.0000001", which the caller then refuses as too many fraction digits, not the zero it rounds to.
 */
export function numberToDecimal(value: number): string {
  const text = String(value);
  const exponent = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/i.exec(text);
  if (exponent === null) return text;
  const [, sign = '', lead = '', fraction = '', power = '0'] = exponent;
  const digits = lead + fraction;
  const point = 1 + Number(power); // where the decimal point falls in `digits`
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}
