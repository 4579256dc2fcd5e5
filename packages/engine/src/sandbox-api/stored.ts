import type { RequestContext } from '../core/context.js';
import { warning } from '../core/errors.js';

/**
 * What the mock-data API stored where it was not what the request sent: a WARNING per field, so a
 * script that works elsewhere keeps working and still sees where Sandbank read it its own way
 * (docs/sandbox-api.md, "Accepted forms"). Code FORMAT_ERROR: the part 7 code for a field's form.
 */

const shown = (value: unknown) => JSON.stringify(value);

function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

/** A field the request left out, filled in with `value` (`what` names it when the path alone does not). */
export function reportDefault(ctx: RequestContext, path: string, value: unknown, what = path): void {
  ctx.warnings.push(warning('FORMAT_ERROR', `${what} not given: stored ${shown(value)}`, path));
}

/** A field the request sent in another form, stored as `value`. */
export function reportChanged(ctx: RequestContext, path: string, sent: string, value: unknown): void {
  ctx.warnings.push(warning('FORMAT_ERROR', `${path}: stored ${shown(value)} for ${shown(sent)}`, path));
}

/**
 * Compares the body as sent with the body as parsed (where the schemas turned a value into its
 * canonical form, or filled in a default) and reports each difference. A number that became a
 * decimal string is the same amount and is not reported; fields the schema does not define are left
 * to the central unknown-field rule.
 */
export function reportStored(ctx: RequestContext, sent: unknown, parsed: unknown, path = ''): void {
  if (sent === undefined) {
    if (parsed !== undefined && path !== '') reportDefault(ctx, path, parsed);
    return;
  }
  if (Array.isArray(parsed)) {
    const items = Array.isArray(sent) ? sent : [];
    parsed.forEach((item, i) => {
      reportStored(ctx, items[i], item, `${path}[${i}]`);
    });
    return;
  }
  if (parsed !== null && typeof parsed === 'object') {
    const fields = sent !== null && typeof sent === 'object' ? (sent as Record<string, unknown>) : {};
    for (const [key, value] of Object.entries(parsed)) {
      reportStored(ctx, Object.hasOwn(fields, key) ? fields[key] : undefined, value, join(path, key));
    }
    return;
  }
  if (typeof sent === 'string' && typeof parsed === 'string' && sent !== parsed) {
    reportChanged(ctx, path, sent, parsed);
  }
}
