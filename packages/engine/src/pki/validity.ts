/** A day in milliseconds: certificate validities are counted in days. */
export const DAY_MS = 86_400_000;

export function toEpochMs(value: Date | number): number {
  return typeof value === 'number' ? value : value.getTime();
}
