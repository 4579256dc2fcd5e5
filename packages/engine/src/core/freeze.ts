/**
 * Object.freeze all the way down, stopping at what is frozen already, as the engine needs its state:
 * immer's `freeze(value, true)` does the same at several times the cost (it looks up each object's
 * kind and draft status, and iterates with callbacks), which on an import or a restore of 100 000s of
 * transactions is hundreds of ms (docs/benchmarks.md). Only objects and arrays are visited: a call per
 * string or number was a third of the walk on a ledger of 1 000 000 transactions.
 */
export function freezeDeep(value: unknown): void {
  if (typeof value === 'object' && value !== null) freezeObject(value);
}

function freezeObject(value: object): void {
  if (Object.isFrozen(value)) return;
  Object.freeze(value);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (typeof item === 'object' && item !== null) freezeObject(item);
    }
    return;
  }
  for (const key in value) {
    const item: unknown = (value as Record<string, unknown>)[key];
    if (typeof item === 'object' && item !== null) freezeObject(item);
  }
}
