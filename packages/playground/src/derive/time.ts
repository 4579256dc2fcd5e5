/** `2026-03-02 10:00:00` in UTC: the bank clock is shown in one zone to keep screenshots stable. */
export function formatTime(ms: number): string {
  if (!Number.isFinite(ms)) return '—';
  return new Date(ms).toISOString().replace('T', ' ').slice(0, 19);
}

/** `in 2 h 5 min`, `3 days ago`. */
export function relative(target: number, now: number): string {
  const diff = target - now;
  const abs = Math.abs(diff);
  const minutes = Math.round(abs / 60_000);
  let text: string;
  if (minutes < 1) text = 'less than a minute';
  else if (minutes < 60) text = `${minutes} min`;
  else if (minutes < 48 * 60) text = `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
  else text = `${Math.round(minutes / 1440)} days`;
  return diff >= 0 ? `in ${text}` : `${text} ago`;
}
