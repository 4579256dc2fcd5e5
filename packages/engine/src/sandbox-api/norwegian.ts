/** Norwegian account numbers: 11-digit BBANs with a MOD11 check digit, and their IBANs. */

const BBAN_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];

/** The MOD11 check digit for the first 10 digits of a BBAN, or null when none exists (remainder 1). */
export function bbanCheckDigit(first10: string): number | null {
  const sum = BBAN_WEIGHTS.reduce((acc, w, i) => acc + w * Number(first10[i]), 0);
  const r = 11 - (sum % 11);
  if (r === 11) return 0;
  return r === 10 ? null : r;
}

export function isValidBban(bban: string): boolean {
  return /^\d{11}$/.test(bban) && bbanCheckDigit(bban.slice(0, 10)) === Number(bban[10]);
}

function mod97(digits: string): number {
  let r = 0;
  for (const ch of digits) r = (r * 10 + Number(ch)) % 97;
  return r;
}

function ibanDigits(text: string): string {
  return [...text].map((c) => (/[A-Z]/.test(c) ? String(c.charCodeAt(0) - 55) : c)).join('');
}

export function ibanFromBban(bban: string, country = 'NO'): string {
  const check = 98 - mod97(ibanDigits(`${bban}${country}00`));
  return `${country}${String(check).padStart(2, '0')}${bban}`;
}

/** ISO 13616 check (any country): moves the first four characters to the end, mod 97 must be 1. */
export function isValidIban(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/.test(iban)) return false;
  if (iban.startsWith('NO') && iban.length !== 15) return false;
  return mod97(ibanDigits(`${iban.slice(4)}${iban.slice(0, 4)}`)) === 1;
}

/** A valid BBAN from a 4-digit bank code and a serial number, skipping serials without a check digit. */
export function makeBban(bankCode: string, serial: number): string {
  for (let n = serial; ; n++) {
    const first10 = `${bankCode}${String(n % 1_000_000).padStart(6, '0')}`;
    const check = bbanCheckDigit(first10);
    if (check !== null) return `${first10}${check}`;
  }
}
