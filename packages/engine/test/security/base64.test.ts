import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeBase64, encodeBase64 } from '../../src/security/base64.js';

/** Node's own reading of canonical base64, the reference: only a text it writes back unchanged. */
function reference(text: string): Uint8Array | null {
  const bytes = Buffer.from(text, 'base64');
  return text.length > 0 && bytes.toString('base64') === text ? new Uint8Array(bytes) : null;
}

const base64ish = fc.string({
  unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=-_ *é'),
  maxLength: 40,
});

describe('base64 as signatures and certificates carry it (security/base64.ts)', () => {
  it('reads back every byte string it writes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 600 }), (bytes) => {
        const decoded = decodeBase64(encodeBase64(bytes));
        expect(decoded).toEqual({ ok: true, bytes });
      }),
    );
  });

  it('accepts exactly the canonical texts Node writes, with the same bytes, and names a problem otherwise', () => {
    fc.assert(
      fc.property(base64ish, (text) => {
        const expected = reference(text);
        const decoded = decodeBase64(text);
        if (expected === null) {
          expect(decoded.ok).toBe(false);
          if (!decoded.ok) expect(decoded.problem).not.toBe('');
        } else {
          expect(decoded).toEqual({ ok: true, bytes: expected });
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('names the first character outside the alphabet and non-canonical endings', () => {
    expect(decodeBase64('QU*D')).toEqual({
      ok: false,
      problem: 'it contains "*" at position 2, which is not a base64 character',
    });
    // Past the first group of four, and in each place of one: whole groups are read four at a time.
    expect(decodeBase64('QUJD RA==')).toEqual({
      ok: false,
      problem: 'it contains a space at position 4, which is not a base64 character',
    });
    expect(decodeBase64('QUJDREVGSElé')).toEqual({
      ok: false,
      problem: 'it contains "é" at position 11, which is not a base64 character',
    });
    expect(decodeBase64('QR==')).toEqual({
      ok: false,
      problem: 'its last character has non-zero unused bits (not canonical base64)',
    });
    expect(decodeBase64('QUI')).toEqual({ ok: false, problem: 'its "=" padding is missing or misplaced' });
  });
});
