// Step: the signed date is an RFC 7231 date within the allowed deviation (part 5.1 rule 1: 60 seconds).
// X-Date stands in for Date where browsers cannot send Date. When a message carries both, the other
// one must be within the window too, signed or not: a stale Date beside a fresh signed X-Date is a
// replayed or forged message, not a clock difference.
//
// Which clock it is compared with (docs/security.md, "The date window and a moved bank clock"): the
// bank clock, and also the sandbox's clock source when one is given (`alsoNow`). A TPP signs with its
// own real clock and cannot know the bank's virtual time, so once the sandbox owner moves the bank
// clock (`POST /_sandbank/clock`) a request dated by the real time must still pass. A date more than
// the limit from both is refused with the message about the bank clock.
import { formatHttpDate, parseHttpDate } from '../core/http-date.js';
import { failStep, type MessageRules, pass, type StepResult } from './step-result.js';
import type { HeaderReader } from './types.js';

type DateHeader = 'date' | 'x-date';

const DISPLAY: Record<DateHeader, string> = { date: 'Date', 'x-date': 'X-Date' };

interface Window {
  now: number;
  alsoNow: number | null;
  maxSkewMs: number;
}

/** One date header against the window; `signed` only changes the wording. */
function checkOne(
  name: DateHeader,
  headers: HeaderReader,
  window: Window,
  signed: boolean,
): StepResult<number> {
  const { now, alsoNow, maxSkewMs } = window;
  const header = DISPLAY[name];
  const value = headers.get(name) ?? '';
  const which = signed ? header : `${header} (not signed, but sent beside the signed date)`;
  const at = parseHttpDate(value, now);
  if (at === null) {
    return failStep(
      'FORMAT_ERROR',
      header,
      `${which} "${value}" is not an RFC 7231 date such as "${formatHttpDate(now)}"`,
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
    `${which} is ${Math.ceil(offMs / 1000)} s off the bank clock (limit ${maxSkewMs / 1000} s): ` +
      `${header} says ${value}, ${direction} the bank clock at ${formatHttpDate(now)}`,
  );
}

/** Passes with the signed date (epoch ms): the instant the signature says it was made. */
export function checkDate(
  listed: DateHeader | null,
  signedNames: readonly string[],
  headers: HeaderReader,
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
  const window = { now, alsoNow, maxSkewMs };
  const signed = checkOne(listed, headers, window, true);
  if (!signed.ok) return signed;
  const other: DateHeader = listed === 'date' ? 'x-date' : 'date';
  if (headers.get(other) === null) return signed;
  const second = checkOne(other, headers, window, signedNames.includes(other));
  return second.ok ? pass(signed.value, `${signed.detail}; ${second.detail}`) : second;
}
