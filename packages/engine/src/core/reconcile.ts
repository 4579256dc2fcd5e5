type Node = Record<string | number, unknown>;

function isContainer(value: unknown): value is Node {
  return value !== null && typeof value === 'object';
}

function step(draft: Node, base: Node, target: Node, key: string | number): void {
  const was = base[key];
  const wanted = target[key];
  if (was === wanted) return;
  if (isContainer(was) && isContainer(wanted) && Array.isArray(was) === Array.isArray(wanted)) {
    reconcile(draft[key] as Node, was, wanted);
  } else {
    draft[key] = wanted;
  }
}

/**
 * Makes the immer `draft` (whose current value is `base`) equal to `target`, writing only where they
 * differ. Parts the two share by reference are skipped without a look, so bringing back an earlier
 * state of the same engine costs what changed since, and the commit's patches list exactly that.
 */
export function reconcile(draft: Node, base: Node, target: Node): void {
  if (Array.isArray(base) && Array.isArray(target)) {
    const items = draft as unknown as unknown[];
    if (base.length > target.length) items.length = target.length;
    for (let i = 0; i < target.length; i++) {
      if (i < base.length) step(draft, base, target, i);
      else items[i] = target[i];
    }
    return;
  }
  for (const key of Object.keys(base)) if (!Object.hasOwn(target, key)) delete draft[key];
  for (const key of Object.keys(target)) {
    if (Object.hasOwn(base, key)) step(draft, base, target, key);
    else draft[key] = target[key];
  }
}
