import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addAmounts,
  canonicalAmount,
  fromMinor,
  minorUnits,
  numberToDecimal,
  toMinor,
} from '../../src/core/money.js';
import { amountOut } from '../../src/core/serialize.js';

describe('exact money', () => {
  it('knows ISO 4217 minor units', () => {
    expect([minorUnits('NOK'), minorUnits('JPY'), minorUnits('KWD')]).toEqual([2, 0, 3]);
    // The Belarusian rouble of the contract's list (BYR, withdrawn in 2016) had no minor unit;
    // the Cape Verde escudo has two.
    expect([minorUnits('BYR'), minorUnits('CVE')]).toEqual([0, 2]);
  });

  it('writes a JSON number out exactly, exponent forms included, never rounding it', () => {
    expect([0.1, 100.5, 1e-7, 1.25e-7, -3e-7, 1e21, 1.5e21].map(numberToDecimal)).toEqual([
      '0.1',
      '100.5',
      '0.0000001',
      '0.000000125',
      '-0.0000003',
      '1000000000000000000000',
      '1500000000000000000000',
    ]);
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        expect(Number(numberToDecimal(value))).toBe(value === 0 ? 0 : value);
      }),
    );
  });

  it('adds without floating-point error', () => {
    expect(addAmounts('NOK', '0.10', '0.20')).toBe('0.30');
    expect(addAmounts('NOK', '999999999999999.99', '0.01')).toBe('1000000000000000.00');
  });

  it('round-trips any minor-unit integer through its decimal text', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
        fc.constantFrom('NOK', 'JPY', 'KWD'),
        (minor, currency) => {
          expect(toMinor(fromMinor(minor, currency), currency)).toBe(minor);
        },
      ),
    );
  });

  it('refuses more fraction digits than the currency has', () => {
    expect(() => toMinor('1.001', 'NOK')).toThrow(/fraction digits/);
    expect(() => toMinor('1.5', 'JPY')).toThrow(/fraction digits/);
  });

  it('serialises amounts as numbers, or as exact strings under amount-as-string', () => {
    expect(amountOut({ fixes: new Set() }, '100.5', 'NOK')).toEqual({ amount: 100.5, currency: 'NOK' });
    expect(amountOut({ fixes: new Set(['amount-as-string']) }, '100.5', 'NOK')).toEqual({
      amount: '100.50',
      currency: 'NOK',
    });
    expect(canonicalAmount('7', 'KWD')).toBe('7.000');
  });
});
