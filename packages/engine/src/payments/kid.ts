/**
 * KID (kundeidentifikasjon, the Norwegian OCR payment reference): 2–25 digits whose last digit is a
 * MOD10 (Luhn) or MOD11 check digit. A MOD11 remainder of 10 is written `-`.
 */
export function mod10CheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 2 : 1);
    if (d > 9) d -= 9;
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** MOD11 with weights 2..7 repeating from the right; null stands for the check character `-`. */
export function mod11CheckDigit(body: string): number | null {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (2 + (i % 6));
  const r = 11 - (sum % 11);
  if (r === 11) return 0;
  return r === 10 ? null : r;
}

export function isValidKid(kid: string): boolean {
  if (!/^\d{1,24}[\d-]$/.test(kid)) return false;
  const body = kid.slice(0, -1);
  const check = kid.slice(-1);
  if (check === '-') return mod11CheckDigit(body) === null;
  return mod10CheckDigit(body) === Number(check) || mod11CheckDigit(body) === Number(check);
}

/** Reference types treated as a KID (docs/decisions/payment-validation.md). */
export const KID_REFERENCE_TYPES = ['KID', 'OCR', 'SCOR'];

export function isKidReference(referenceType: string | undefined): boolean {
  return referenceType !== undefined && KID_REFERENCE_TYPES.includes(referenceType.toUpperCase());
}
