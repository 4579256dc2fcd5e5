import { freezeDeep } from '../core/freeze.js';
import type { Transaction } from '../core/state.js';

// The text a ledger chunk is stored as (layouts 2 and 3), and back. Pure: no storage, no hashing.

const isPrimitive = (value: unknown) =>
  value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/**
 * A chunk's stored text: its transactions as rows of values under a table of their key lists, so a
 * key is written once per chunk rather than once per transaction, and with each list of keys the
 * values every row of it shares (a ledger's account id, currency, usually its status), so those are
 * written once too. The text is about a third of plain JSON, which is what a restore reads, hashes
 * and parses:
 * `{"shapes":[["transactionId","accountId",…],…],"fixed":[{"1":"enc!!…","2":"booked",…},…],"rows":[[0,"enc!!…",…],…]}`.
 * Only strings, numbers, booleans and null are shared; keys whose value is undefined are left out,
 * as JSON.stringify would. Layout 2 wrote the same without `fixed`, which parseChunk still reads.
 */
export function chunkText(chunk: readonly Transaction[]): string {
  const shapes: string[][] = [];
  const shapeIndex = new Map<string, number>();
  const values: unknown[][] = [];
  const shapeOf: number[] = [];
  for (const transaction of chunk) {
    const record = transaction as unknown as Record<string, unknown>;
    const keys = Object.keys(record).filter((key) => record[key] !== undefined);
    const id = JSON.stringify(keys);
    let shape = shapeIndex.get(id);
    if (shape === undefined) {
      shape = shapes.length;
      shapes.push(keys);
      shapeIndex.set(id, shape);
    }
    shapeOf.push(shape);
    values.push(keys.map((key) => record[key]));
  }
  // For each shape, the values that are the same primitive in every row of it, by key index.
  const fixed = shapes.map(() => ({}) as Record<number, unknown>);
  const differs = shapes.map((keys) => new Array<boolean>(keys.length).fill(false));
  const seen = new Set<number>();
  values.forEach((row, r) => {
    const shape = shapeOf[r] as number;
    const shared = fixed[shape] as Record<number, unknown>;
    const varying = differs[shape] as boolean[];
    row.forEach((value, i) => {
      if (varying[i]) return;
      if (!isPrimitive(value) || (seen.has(shape) && shared[i] !== value)) {
        varying[i] = true;
        delete shared[i];
      } else shared[i] = value;
    });
    seen.add(shape);
  });
  const rows = values.map((row, r) => {
    const shape = shapeOf[r] as number;
    const shared = fixed[shape] as Record<number, unknown>;
    const out: unknown[] = [shape];
    row.forEach((value, i) => {
      if (!(i in shared)) out.push(value);
    });
    return out;
  });
  return JSON.stringify({ shapes, fixed, rows });
}

/** How to rebuild the rows of one shape: its keys, and for each the shared value or a slot of the row. */
interface ShapePlan {
  keys: string[];
  shared: boolean[];
  values: unknown[];
  /** A row's length: the shape's number and its values that are not shared. */
  width: number;
}

function shapePlans(shapes: unknown, fixed: unknown): ShapePlan[] | null {
  if (!Array.isArray(shapes)) return null;
  if (fixed !== undefined && (!Array.isArray(fixed) || fixed.length !== shapes.length)) return null;
  const plans: ShapePlan[] = [];
  for (let s = 0; s < shapes.length; s++) {
    const keys = shapes[s] as unknown;
    if (!Array.isArray(keys) || !keys.every((key) => typeof key === 'string')) return null;
    const plan: ShapePlan = {
      keys,
      shared: new Array<boolean>(keys.length).fill(false),
      values: new Array<unknown>(keys.length),
      width: keys.length + 1,
    };
    const entries = fixed === undefined ? {} : (fixed[s] as unknown);
    if (entries === null || typeof entries !== 'object' || Array.isArray(entries)) return null;
    for (const [index, value] of Object.entries(entries)) {
      const i = Number(index);
      if (!Number.isInteger(i) || i < 0 || i >= keys.length || String(i) !== index) return null;
      if (!isPrimitive(value)) return null;
      plan.shared[i] = true;
      plan.values[i] = value;
      plan.width--;
    }
    plans.push(plan);
  }
  return plans;
}

/** The transactions of a chunk's text (chunkText), frozen; null when the text is not one. */
export function parseChunk(text: string): Transaction[] | null {
  let parsed: { shapes?: unknown; fixed?: unknown; rows?: unknown };
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    return null;
  }
  const { shapes, fixed, rows } = parsed ?? {};
  const plans = shapePlans(shapes, fixed);
  if (plans === null || !Array.isArray(rows)) return null;
  const chunk: Transaction[] = new Array(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r] as unknown;
    const plan = Array.isArray(row) && typeof row[0] === 'number' ? plans[row[0]] : undefined;
    if (plan === undefined || (row as unknown[]).length !== plan.width) return null;
    const { keys, shared, values } = plan;
    const transaction: Record<string, unknown> = {};
    let slot = 1;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] as string;
      const value = shared[i] ? values[i] : (row as unknown[])[slot++];
      if (typeof value === 'object' && value !== null) freezeDeep(value);
      // An own property, as JSON.parse would make it, never the prototype.
      if (key === '__proto__')
        Object.defineProperty(transaction, key, { value, enumerable: true, writable: true });
      else transaction[key] = value;
    }
    chunk[r] = Object.freeze(transaction) as unknown as Transaction;
  }
  return Object.freeze(chunk) as Transaction[];
}
