/**
 * Object.freeze all the way down, stopping at what is frozen already, as the engine needs its state:
 * immer's `freeze(value, true)` does the same at several times the cost (it looks up each object's
 * kind and draft status, and iterates with callbacks), which on an import or a restore of 100 000s of
 * transactions is hundreds of ms (docs/benchmarks.md).
 */
export function freezeDeep(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  if (Array.isArray(value)) for (const item of value) freezeDeep(item);
  else for (const key in value) freezeDeep((value as Record<string, unknown>)[key]);
}
