// part 5.1 rule 6: one `<lower-case-name>: <value>` line per listed header, in the listed order,
// joined by "\n" with no trailing newline. `(request-target)` is `<method lower> <path+query>`
// (draft-cavage-http-signatures-12 §2.3).
import { SecurityError } from './errors.js';
import { REQUEST_TARGET } from './header-names.js';
import type { HeaderReader } from './types.js';

export interface SigningStringSource {
  /** Upper- or lower-case method; only needed when `(request-target)` is listed. */
  method?: string | null;
  /** Path and query exactly as sent; only needed when `(request-target)` is listed. */
  target?: string | null;
  headers: HeaderReader;
}

/** Throws SecurityError `HEADER_MISSING` when a listed header is absent (verifiers check this first). */
export function buildSigningString(names: readonly string[], source: SigningStringSource): string {
  const lines: string[] = [];
  for (const raw of names) {
    const name = raw.toLowerCase();
    if (name === REQUEST_TARGET) {
      if (!source.method || source.target === null || source.target === undefined) {
        throw new SecurityError(
          'HEADER_MISSING',
          '(request-target) is listed but no method and target were given',
        );
      }
      lines.push(`${name}: ${source.method.toLowerCase()} ${source.target}`);
      continue;
    }
    const value = source.headers.get(name);
    if (value === null)
      throw new SecurityError('HEADER_MISSING', `${name} is listed but the message has no such header`);
    lines.push(`${name}: ${value}`);
  }
  return lines.join('\n');
}
