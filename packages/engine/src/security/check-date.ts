// Step: the signed date is an RFC 7231 date within the allowed deviation of the bank clock
// (part 5.1 rule 1: 60 seconds). X-Date stands in for Date where browsers cannot send Date.
import { formatHttpDate, parseHttpDate } from './http-date.js';
import { failStep, type MessageRules, pass, type StepResult } from './step-result.js';

export function checkDate(
  listed: 'date' | 'x-date' | null,
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
  const header = listed === 'date' ? 'Date' : 'X-Date';
  const value = headers.get(listed) ?? '';
  const at = parseHttpDate(value);
  if (at === null) {
    return failStep(
      'FORMAT_ERROR',
      header,
      `${header} "${value}" is not an RFC 7231 date such as "${formatHttpDate(now)}"`,
    );
  }
  const offMs = Math.abs(at - now);
  if (offMs > maxSkewMs) {
    const direction = at > now ? 'ahead of' : 'behind';
    return failStep(
      'BAD_REQUEST',
      header,
      `${header} is ${Math.ceil(offMs / 1000)} s off the bank clock (limit ${maxSkewMs / 1000} s): ` +
        `${header} says ${value}, ${direction} the bank clock at ${formatHttpDate(now)}`,
    );
  }
  return pass(at, `${header} ${value} is ${Math.round(offMs / 1000)} s from the bank clock`);
}
