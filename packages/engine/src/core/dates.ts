export const DAY_MS = 86_400_000;

/** `yyyy-mm-dd` of an epoch-ms instant, in UTC. */
export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Epoch ms of midnight UTC of a `yyyy-mm-dd` date; NaN when it is not a real date. */
export function parseIsoDate(value: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return Number.NaN;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return Number.isNaN(ms) || isoDate(ms) !== value ? Number.NaN : ms;
}

export function isoDateTime(ms: number): string {
  return new Date(ms).toISOString();
}
