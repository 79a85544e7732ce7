import { describe, expect, it } from 'vitest';
import {
  KG_PER_LB,
  MAX_WEIGHT,
  WEIGHT_UNITS,
  priceFor,
  countryRatesQuerySchema,
} from '../../src/lib/api/widgets/contract.ts';
import { convertAmount } from '../../server/api/widgets/widgets.routes.ts';

const rate = { firstHalfKg: 22, additionalHalfKg: 8.5 };
const { kg, lb } = WEIGHT_UNITS;

describe('priceFor', () => {
  it('charges the first half kilogram for anything up to 0.5 kg', () => {
    expect(priceFor(rate, 0.01, kg)).toBe(22);
    expect(priceFor(rate, 0.5, kg)).toBe(22);
  });

  it('adds each further half kilogram begun', () => {
    expect(priceFor(rate, 0.51, kg)).toBe(30.5);
    expect(priceFor(rate, 1, kg)).toBe(30.5);
    expect(priceFor(rate, 1.5, kg)).toBe(39);
    expect(priceFor(rate, 1.51, kg)).toBe(47.5);
    expect(priceFor(rate, 10, kg)).toBe(22 + 19 * 8.5);
  });

  it('converts pounds to kilograms first', () => {
    expect(KG_PER_LB).toBe(0.45359237);
    // 1 lb is 0.454 kg: one half; 3.3 lb is 1.497 kg: three halves; 3.31 lb is 1.501 kg: four.
    expect(priceFor(rate, 1, lb)).toBe(22);
    expect(priceFor(rate, 1.11, lb)).toBe(30.5);
    expect(priceFor(rate, 3.3, lb)).toBe(39);
    expect(priceFor(rate, 3.31, lb)).toBe(47.5);
  });

  it('rounds to cents', () => {
    expect(priceFor({ firstHalfKg: 18.27, additionalHalfKg: 7.01 }, 3, kg)).toBe(53.32);
    expect(priceFor({ firstHalfKg: 0.1, additionalHalfKg: 0.2 }, 1, kg)).toBe(0.3);
  });

  it('is refused over the heaviest parcel the calculator prices', () => {
    const query = (weight: number, unit: number) =>
      countryRatesQuerySchema.safeParse({
        origin: 'US',
        destination: 'JO',
        weight: String(weight),
        unit: String(unit),
      });
    expect(query(MAX_WEIGHT[0], kg).success).toBe(true);
    expect(query(MAX_WEIGHT[0] + 0.01, kg).success).toBe(false);
    expect(query(MAX_WEIGHT[1], lb).success).toBe(true);
    expect(query(MAX_WEIGHT[1] + 0.01, lb).success).toBe(false);
  });
});

describe('convertAmount', () => {
  it('converts through the rates per US dollar, to 4 decimals', () => {
    expect(convertAmount(100, 1, 0.709)).toBe(70.9);
    expect(convertAmount(100, 0.709, 1)).toBe(141.0437);
    expect(convertAmount(250, 3.75, 3.6725)).toBe(244.8333);
    expect(convertAmount(1, 89500, 1)).toBe(0);
    expect(convertAmount(1, 3, 1)).toBe(0.3333);
    expect(convertAmount(2, 3, 1)).toBe(0.6667);
  });

  it('rounds half up on the decimal value', () => {
    // 1.00005 is not exact in binary (1.0000499999…): rounded as the decimal it stands for.
    expect(convertAmount(1.00005, 1, 1)).toBe(1.0001);
    expect(convertAmount(0.00015, 1, 1)).toBe(0.0002);
  });

  it('is -1 when a rate is missing', () => {
    expect(convertAmount(10, null, 1)).toBe(-1);
    expect(convertAmount(10, 1, null)).toBe(-1);
    expect(convertAmount(10, 0, 1)).toBe(-1);
  });
});
