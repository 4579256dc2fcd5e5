import { signingClockNow } from './signing-clock.js';

// HTTP dates, RFC 7231 §7.1.1.1 (= RFC 9110 §5.6.7): senders write IMF-fixdate; recipients also
// accept the obsolete RFC 850 and asctime forms.

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `Sun, 06 Nov 1994 08:49:37 GMT` */
export function formatHttpDate(epochMs: number): string {
  const d = new Date(epochMs);
  const two = (n: number) => String(n).padStart(2, '0');
  return (
    `${DAYS[d.getUTCDay()]}, ${two(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ` +
    `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} GMT`
  );
}

const IMF_FIXDATE =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\d{2}) ([A-Z][a-z]{2}) (\d{4}) (\d{2}):(\d{2}):(\d{2}) GMT$/;
const RFC850 =
  /^(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), (\d{2})-([A-Z][a-z]{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2}) GMT$/;
const ASCTIME = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) ([A-Z][a-z]{2}) ([ \d]\d) (\d{2}):(\d{2}):(\d{2}) (\d{4})$/;

/**
 * The last IMF-fixdate read, as given, and its instant (none of the clock's: only an RFC 850 year
 * reads it): a signed request's date is read twice, as a header (core/headers.ts) and for its
 * signature (security/check-date.ts).
 */
let lastFixdate: string | null = null;
let lastFixdateMs: number | null = null;

/**
 * Epoch ms of an HTTP date, or null when the text is none of the three RFC 7231 forms. `now` (the
 * bank clock) decides the century of an RFC 850 two-digit year; without it, the clock requests are
 * signed by (core/signing-clock.ts), never the machine's calendar behind a sandbox's back.
 */
export function parseHttpDate(text: string, now: number = signingClockNow()): number | null {
  if (text === lastFixdate) return lastFixdateMs;
  const value = text.trim();
  let m = IMF_FIXDATE.exec(value);
  if (m) {
    lastFixdateMs = build(m[4]!, m[3]!, m[2]!, m[5]!, m[6]!, m[7]!);
    lastFixdate = text;
    return lastFixdateMs;
  }
  m = RFC850.exec(value);
  if (m) {
    // RFC 7231 §7.1.1.1: a two-digit year more than 50 years ahead is read as the past century.
    const yy = Number(m[3]);
    const thisYear = new Date(now).getUTCFullYear();
    let year = Math.floor(thisYear / 100) * 100 + yy;
    if (year > thisYear + 50) year -= 100;
    return build(String(year), m[2]!, m[1]!, m[4]!, m[5]!, m[6]!);
  }
  m = ASCTIME.exec(value);
  if (m) return build(m[6]!, m[1]!, m[2]!.trim(), m[3]!, m[4]!, m[5]!);
  return null;
}

function build(year: string, month: string, day: string, h: string, mi: string, s: string): number | null {
  const monthIndex = MONTHS.indexOf(month);
  const [d, hh, mm, ss] = [Number(day), Number(h), Number(mi), Number(s)];
  if (monthIndex < 0 || d < 1 || d > 31 || hh > 23 || mm > 59 || ss > 60) return null;
  const ms = Date.UTC(Number(year), monthIndex, d, hh, mm, Math.min(ss, 59));
  return new Date(ms).getUTCDate() === d ? ms : null;
}
