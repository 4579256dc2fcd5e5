// Step: the `headers` list (part 5.1 rule 5). Every listed header is present; every candidate header
// the message has is listed; a date is listed (Date, or X-Date, which browsers send because fetch()
// cannot set Date). Returns the date header to check: the listed one, Date first.
import { displayHeaderName, REQUEST_TARGET } from './header-names.js';
import { failStep, type MessageRules, pass, type StepResult } from './step-result.js';
import type { HeaderReader } from './types.js';

/** RFC 9110 §5.6.2 token, lower-cased. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9a-z]+$/;

const BROWSER_HINT = 'browsers cannot set Date on fetch(), so send X-Date and sign it as x-date';

export function checkSignedHeaders(
  names: readonly string[],
  headers: HeaderReader,
  rules: MessageRules,
): StepResult<'date' | 'x-date' | null> {
  // A list that is not a list of header names is malformed; one that leaves out or invents a header
  // fails the rule.
  const malformed = (text: string) => failStep('FORMAT_ERROR', 'Signature', text);
  const fail = (text: string) => failStep('BAD_REQUEST', 'Signature', text);
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) return malformed(`signed header list names ${name} twice`);
    seen.add(name);
    if (!TOKEN.test(name) && !/^\([a-z-]+\)$/.test(name)) {
      return malformed(
        `signed header list names ${JSON.stringify(name)}, which is not a header name (RFC 9110 §5.1)`,
      );
    }
    if (name.startsWith('(')) {
      if (name === REQUEST_TARGET && rules.allowRequestTarget) continue;
      const allowed = rules.allowRequestTarget ? ' (only (request-target) is supported)' : '';
      return fail(`signed header list names ${name}, which this bank does not support${allowed}`);
    }
    if (headers.get(name) === null) {
      const display = displayHeaderName(name);
      const hint = name === 'date' ? `; ${BROWSER_HINT}` : '';
      return fail(`signed header list names ${name} but the ${rules.noun} has no ${display} header${hint}`);
    }
  }
  for (const name of rules.mustSign) {
    if (headers.get(name) !== null && !seen.has(name)) {
      return fail(
        `signed header list lacks ${name} (the ${rules.noun} has a ${displayHeaderName(name)} header, and ` +
          'part 5.1 rule 5 signs every present one of date, digest, x-request-id, psu-id, psu-corporate-id, ' +
          'tpp-redirect-uri)',
      );
    }
  }
  const hasDate = headers.get('date') !== null;
  const hasXDate = headers.get('x-date') !== null;
  const dateHeader = seen.has('date') ? 'date' : seen.has('x-date') ? 'x-date' : null;
  if (dateHeader === null && hasDate) return fail('signed header list lacks date (part 5.1 rule 1)');
  if (dateHeader === null && hasXDate)
    return fail('signed header list lacks x-date (the signed substitute for Date)');
  return pass(dateHeader, `"${names.join(' ')}" lists every header part 5.1 rule 5 asks for`);
}
