// Step: the signed date is an RFC 7231 date within the allowed deviation of the bank clock
// (part 5.1 rule 1: 60 seconds). X-Date stands in for Date where browsers cannot send Date. When a
// message carries both, the other one must be within the window too, signed or not: a stale Date
// beside a fresh signed X-Date is a replayed or forged message, not a clock difference.
import { formatHttpDate, parseHttpDate } from './http-date.js';
import { failStep, type MessageRules, pass, type StepResult } from './step-result.js';

type DateHeader = 'date' | 'x-date';

const DISPLAY: Record<DateHeader, string> = { date: 'Date', 'x-date': 'X-Date' };

/** One date header against the window; `signed` only changes the wording. */
function checkOne(
  name: DateHeader,
  headers: Headers,
  now: number,
  maxSkewMs: number,
  signed: boolean,
): StepResult<number> {
  const header = DISPLAY[name];
  const value = headers.get(name) ?? '';
  const which = signed ? header : `${header} (not signed, but sent beside the signed date)`;
  const at = parseHttpDate(value);
  if (at === null) {
    return failStep(
      'FORMAT_ERROR',
      header,
      `${which} "${value}" is not an RFC 7231 date such as "${formatHttpDate(now)}"`,
    );
  }
  const offMs = Math.abs(at - now);
  if (offMs > maxSkewMs) {
    const direction = at > now ? 'ahead of' : 'behind';
    return failStep(
      'BAD_REQUEST',
      header,
      `${which} is ${Math.ceil(offMs / 1000)} s off the bank clock (limit ${maxSkewMs / 1000} s): ` +
        `${header} says ${value}, ${direction} the bank clock at ${formatHttpDate(now)}`,
    );
  }
  return pass(at, `${header} ${value} is ${Math.round(offMs / 1000)} s from the bank clock`);
}

/** Passes with the signed date (epoch ms): the instant the signature says it was made. */
export function checkDate(
  listed: DateHeader | null,
  signedNames: readonly string[],
  headers: Headers,
  now: number,
  maxSkewMs: number,
  rules: MessageRules,
): StepResult<number> {
  if (listed === null) {
    return failStep(
      'HTTP_HEADER_REQUIRED',
      'Date',
      `the ${rules.noun} has no Date header (part 5.1 rule 1); browsers cannot set Date on fetch(), so send ` +
        'X-Date with the same RFC 7231 value and sign it as x-date',
    );
  }
  const signed = checkOne(listed, headers, now, maxSkewMs, true);
  if (!signed.ok) return signed;
  const other: DateHeader = listed === 'date' ? 'x-date' : 'date';
  if (headers.get(other) === null) return signed;
  const second = checkOne(other, headers, now, maxSkewMs, signedNames.includes(other));
  return second.ok ? pass(signed.value, `${signed.detail}; ${second.detail}`) : second;
}
