import type { Sandbox } from '@sandbank/engine';
import { type ApiOptions, api, ORIGIN, sandbox } from '@sandbank/test-support/ais';
import { expect } from 'vitest';
import { berlinGroupDefinitionErrors, berlinGroupErrors, fixture } from './berlin-group.js';
import { applyDeviations, asBerlinGroupWarning } from './deviations.js';

/**
 * A TPP journey through `sandbox.fetch` in which every answer of an operation with a Berlin Group
 * counterpart is validated against the 1.3.6 definition (after the documented deviations), and
 * every successful answer against the route's own zod schema (`checkResponses`).
 */

/** Sandbank paths that are another name for a Berlin Group operation. */
const ALIASES: Record<string, string> = {
  // part 4.2 item 12: the bank-offered consent replaces POST /consents, same behaviour.
  '/bank-offered-consents': '/consents',
};

const PATTERNS = Object.keys(fixture.operations).map((key) => {
  const [method, path] = key.split(' ') as [string, string];
  const segments = path.split('/').filter(Boolean);
  return { key, method, segments };
});

/** The Berlin Group operation a request maps to (any method of the path for a 405), or null. */
export function berlinGroupOperation(method: string, path: string, status: number): string | null {
  const bare = (path.split('?')[0] ?? '').replace(/^\/v1/, '');
  const actual = (ALIASES[bare] ?? bare).split('/').filter(Boolean);
  const fitting = PATTERNS.filter(
    (p) =>
      p.segments.length === actual.length && p.segments.every((s, i) => s.startsWith('{') || s === actual[i]),
  );
  // Literal segments beat parameters: /accounts/{id} is not /{payment-service}/{payment-product}.
  const literal = fitting.filter((p) => !p.segments.every((s) => s.startsWith('{')));
  const services = new Set(['payments', 'bulk-payments', 'periodic-payments']);
  const matches = literal.length > 0 ? literal : fitting.filter(() => services.has(actual[0] ?? ''));
  const exact = matches.find((p) => p.method === method);
  if (exact) return exact.key;
  return status === 405 && matches[0] ? matches[0].key : null;
}

export interface Call {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: journeys read bodies loosely and assert on them
  body: any;
}

export class Journey {
  readonly sandbox: Sandbox;
  readonly problems: string[] = [];
  /** `GET /accounts 200` → how often it was validated. */
  readonly covered = new Map<string, number>();
  readonly deviations = new Set<string>();

  /** Whether the sandbox runs with `acceptFixDefaults: 'legacy'` (D2 applies only then). */
  readonly legacyFixes: boolean;

  constructor(sb: Sandbox = sandbox({ checkResponses: true }), options: { legacyFixes?: boolean } = {}) {
    this.sandbox = sb;
    this.legacyFixes = options.legacyFixes ?? false;
  }

  /** One call, validated. */
  async call(method: string, path: string, options: ApiOptions = {}): Promise<Call> {
    const answer = await api(this.sandbox, method, path, options);
    this.validate(method, path, options, answer);
    return answer;
  }

  /** A request with a body sent exactly as given (another content type, raw text). */
  async send(method: string, path: string, headers: Record<string, string>, body: string): Promise<Call> {
    const request = new Request(`${ORIGIN}${path}`, {
      method,
      headers: { 'x-request-id': `raw-${++this.sent}`, ...headers },
      body,
    });
    const response = await this.sandbox.fetch(request);
    const text = await response.text();
    const answer = {
      status: response.status,
      headers: response.headers,
      body: text === '' ? null : JSON.parse(text),
    };
    this.validate(method, path, { headers }, answer);
    return answer;
  }

  private sent = 0;

  /**
   * A read made twice, with and without `x-accept-fix: amount-as-string` (part 9): both answers are
   * validated; the one with the fix is returned. By the part 9 dates both carry strings; under the
   * legacy defaults the one without carries numbers (D2).
   */
  async read(path: string, options: ApiOptions = {}): Promise<Call> {
    const headers = options.headers ?? {};
    // Transaction details require x-accept-fix (part 4.1 T): the other variant sends another fix.
    const without = path.match(/\/transactions\/[^/?]+/) ? 'cash-account-type-iso' : undefined;
    await this.call('GET', path, { ...options, headers: { ...headers, 'x-accept-fix': without } });
    return this.call('GET', path, {
      ...options,
      headers: { ...headers, 'x-accept-fix': 'amount-as-string' },
    });
  }

  private validate(method: string, path: string, options: ApiOptions, answer: Call): void {
    if (answer.status >= 500) {
      this.problems.push(`${method} ${path} → ${answer.status}: ${JSON.stringify(answer.body)}`);
    }
    const operation = berlinGroupOperation(method, path, answer.status);
    if (operation === null) return;
    const fixes = new Set(
      (options.headers?.['x-accept-fix'] ?? '').split(',').map((f) => f.trim().toLowerCase()),
    );
    const patched = applyDeviations({
      operation,
      status: answer.status,
      body: answer.body,
      fixes,
      legacyFixes: this.legacyFixes,
    });
    for (const applied of patched.applied) this.deviations.add(applied.replace(/ .*/, ''));
    const key = `${operation} ${answer.status}`;
    this.covered.set(key, (this.covered.get(key) ?? 0) + 1);
    // 204 No Content: the definition declares no body, and there is none to check.
    if (answer.status === 204 && answer.body === null) return;
    let errors: string[];
    try {
      errors = berlinGroupErrors(operation, patched.status, patched.body);
    } catch (error) {
      errors = [(error as Error).message];
    }
    // A message on a success is a Berlin Group tppMessage2XX wherever it appears, even where the
    // operation's 2XX body does not declare `tppMessages`.
    if (answer.status < 300 && Array.isArray(answer.body?.tppMessages)) {
      for (const sent of answer.body.tppMessages) {
        const { message, applied } = asBerlinGroupWarning(sent);
        if (applied) this.deviations.add('D11');
        errors.push(...berlinGroupDefinitionErrors('tppMessage2XX', message).map((e) => `tppMessages${e}`));
      }
    }
    for (const error of errors) {
      this.problems.push(`${method} ${path} → ${answer.status} (${operation}): ${error}`);
    }
  }

  /** Every answer conformed; and each of `expected` (`GET /accounts 200`) was seen. */
  expectConformance(expected: readonly string[] = []): void {
    expect(this.problems).toEqual([]);
    for (const key of expected) expect(this.covered.has(key), `${key} was not exercised`).toBe(true);
  }
}
