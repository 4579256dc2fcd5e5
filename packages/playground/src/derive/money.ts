/** Decimal strings to bigint hundredths and back: display arithmetic without floating point. */
export function toCents(amount: string): bigint {
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? amount.slice(1) : amount).split('.');
  const cents = BigInt(whole || '0') * 100n + BigInt(`${fraction}00`.slice(0, 2));
  return negative ? -cents : cents;
}

export function fromCents(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const whole = abs / 100n;
  const fraction = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/** `-12345.5` → `−12 345.50` (Norwegian grouping with a thin space; a real minus sign). */
export function formatAmount(amount: string | number, currency?: string): string {
  const text = typeof amount === 'number' ? String(amount) : amount;
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
  const decimals = `${fraction}00`.slice(0, Math.max(2, fraction.length));
  return `${negative ? '\u2212' : ''}${grouped}.${decimals}${currency ? ` ${currency}` : ''}`;
}
