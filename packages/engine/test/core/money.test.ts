import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addAmounts, canonicalAmount, fromMinor, minorUnits, toMinor } from '../../src/core/money.js';
import { amountOut } from '../../src/core/serialize.js';

describe('exact money', () => {
  it('knows ISO 4217 minor units', () => {
    expect([minorUnits('NOK'), minorUnits('JPY'), minorUnits('KWD')]).toEqual([2, 0, 3]);
    // The Belarusian rouble of the contract's list (BYR, withdrawn in 2016) had no minor unit.
    expect(minorUnits('BYR')).toBe(0);
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
