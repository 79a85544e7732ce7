import { describe, expect, it } from 'vitest';
import { formatWeight, weightIn } from '../../src/lib/weight/format-weight.ts';

describe('weights in the customer’s unit (issue 24, spec 2 §9: 2 decimals)', () => {
  it.each([
    [1, 'kg', 1],
    [2.5, 'kg', 2.5],
    [1.005, 'kg', 1.01],
    [1.0049, 'kg', 1],
    [1, 'lb', 2.2],
    [2.5, 'lb', 5.51],
    [0.45359237, 'lb', 1],
    [0, 'lb', 0],
    [70, 'lb', 154.32],
  ] as const)('%d kg in %s is %d', (kg, unit, shown) => {
    expect(weightIn(kg, unit)).toBe(shown);
  });

  it('writes two decimals and the unit in English', () => {
    expect(formatWeight(2.5, 'kg', 'en')).toBe('2.50 kg');
    expect(formatWeight(1, 'lb', 'en')).toBe('2.20 lb');
    expect(formatWeight(1200, 'kg', 'en')).toBe('1,200.00 kg');
  });

  it('writes Latin digits and the Arabic unit name in Arabic', () => {
    expect(formatWeight(2.5, 'kg', 'ar')).toBe('2.50 كغم');
    expect(formatWeight(2.5, 'lb', 'ar')).toBe('5.51 رطل');
  });
});
