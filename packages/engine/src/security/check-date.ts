// Step: the signed date is an RFC 7231 date within the allowed deviation (part 5.1 rule 1: 60 seconds).
// X-Date stands in for Date where browsers cannot send Date.
//
// Which clock it is compared with (docs/security.md, "The date window and a moved bank clock"): the
// bank clock, and also the sandbox's clock source when one is given (`alsoNow`). A TPP signs with its
// own real clock and cannot know the bank's virtual time, so once the sandbox owner moves the bank
// clock (`POST /_sandbank/clock`) a request dated by the real time must still pass. A date more than
// the limit from both is refused with the message about the bank clock, as before.
import { formatHttpDate, parseHttpDate } from './http-date.js';
import { failStep, type MessageRules, pass, type StepResult } from './step-result.js';

export function checkDate(
  listed: 'date' | 'x-date' | null,
  headers: Headers,
  now: number,
  maxSkewMs: number,
  rules: MessageRules,
  alsoNow: number | null = null,
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
  if (offMs <= maxSkewMs) {
    return pass(at, `${header} ${value} is ${Math.round(offMs / 1000)} s from the bank clock`);
  }
  if (alsoNow !== null && Math.abs(at - alsoNow) <= maxSkewMs) {
    return pass(
      at,
      `${header} ${value} is ${Math.round(Math.abs(at - alsoNow) / 1000)} s from the clock source ` +
        `(the real time); the bank clock was moved to ${formatHttpDate(now)}`,
    );
  }
  const direction = at > now ? 'ahead of' : 'behind';
  return failStep(
    'BAD_REQUEST',
    header,
    `${header} is ${Math.ceil(offMs / 1000)} s off the bank clock (limit ${maxSkewMs / 1000} s): ` +
      `${header} says ${value}, ${direction} the bank clock at ${formatHttpDate(now)}`,
  );
}
