/** Payment, basket and HTTP statuses, coloured by outcome (with text, never colour alone). */
const TONE: Record<string, string> = {
  ACSC: 'ok',
  ACCP: 'ok',
  ACSP: 'ok',
  ACTC: 'info',
  ACWC: 'info',
  ACWP: 'info',
  RCVD: 'info',
  PDNG: 'warn',
  PATC: 'warn',
  PART: 'warn',
  RJCT: 'bad',
  CANC: 'bad',
};

export function statusTone(status: string | number): string {
  if (typeof status === 'number') return status >= 500 ? 'bad' : status >= 400 ? 'warn' : 'ok';
  return TONE[status] ?? 'info';
}

export function StatusBadge({ status, title }: { status: string | number; title?: string }) {
  return (
    <span className={`status status-${statusTone(status)}`} title={title}>
      {status}
    </span>
  );
}
