import { describe, expect, it } from 'vitest';
import {
  cardExpiryLabel,
  choiceKind,
  daysToExpiry,
  flexOn,
  hasAutoRenewal,
  isPendingPlan,
  planCards,
  showExpiryNotice,
  upgradeChoices,
} from '../../src/lib/payments/membership-rules.ts';
import type { Plan } from '../../src/lib/reference/schemas.ts';
import { catalogues } from '../../src/i18n/catalogues.ts';
import { createTranslator } from '../../src/i18n/i18n.ts';

/** The default price list, deliberately out of display order (annual before lifetime, as listed). */
const plans: Plan[] = [
  { planId: 3, amount: 5.99, currencyCode: 'USD', duration: 1, mandateAutoRenew: true, renewalAllowedInLastDays: 5 },
  {
    planId: 2,
    amount: 49.99,
    currencyCode: 'USD',
    duration: 12,
    mandateAutoRenew: false,
    renewalAllowedInLastDays: 30,
  },
  { planId: 1, amount: 0, currencyCode: 'USD', duration: 12, mandateAutoRenew: false, renewalAllowedInLastDays: 0 },
  { planId: 5, amount: 249, currencyCode: 'USD', duration: 1200, mandateAutoRenew: false, renewalAllowedInLastDays: 0 },
];
const ids = (list: readonly { planId: number }[]) => list.map((p) => p.planId);

describe('upgrade choices by current plan (spec 1 §4.5)', () => {
  it.each([
    ['lifetime: all but lifetime', { planId: 5, daysToExpiry: 36_000 }, [1, 3, 2]],
    ['basic: all but basic', { planId: 1, daysToExpiry: 200 }, [3, 2, 5]],
    ['basic without an end date', { planId: 1, daysToExpiry: null }, [3, 2, 5]],
    ['annual on its last day', { planId: 2, daysToExpiry: 0 }, [3, 2, 5]],
    ['annual inside the window', { planId: 2, daysToExpiry: 12 }, [3, 2, 5]],
    ['annual on the first day of the window', { planId: 2, daysToExpiry: 30 }, [3, 2, 5]],
    ['annual one day before the window', { planId: 2, daysToExpiry: 31 }, []],
    ['annual far from its end', { planId: 2, daysToExpiry: 200 }, []],
    ['annual expired yesterday', { planId: 2, daysToExpiry: -1 }, []],
    ['annual without an end date', { planId: 2, daysToExpiry: null }, []],
    ['monthly: all but monthly and basic', { planId: 3, daysToExpiry: 3 }, [2, 5]],
    ['monthly far from its end', { planId: 3, daysToExpiry: 25 }, [2, 5]],
    ['an unknown plan: all but basic', { planId: 4, daysToExpiry: 10 }, [3, 2, 5]],
  ])('%s', (_name, current, expected) => {
    expect(ids(upgradeChoices(current, plans))).toEqual(expected);
  });

  it('annual uses the window of the annual plan listed for the country', () => {
    const shortWindow = plans.map((p) => (p.planId === 2 ? { ...p, renewalAllowedInLastDays: 7 } : p));
    expect(ids(upgradeChoices({ planId: 2, daysToExpiry: 7 }, shortWindow))).toEqual([3, 2, 5]);
    expect(ids(upgradeChoices({ planId: 2, daysToExpiry: 8 }, shortWindow))).toEqual([]);
  });

  it('annual not listed for the country: only its last day is in the window', () => {
    const withoutAnnual = plans.filter((p) => p.planId !== 2);
    expect(ids(upgradeChoices({ planId: 2, daysToExpiry: 0 }, withoutAnnual))).toEqual([3, 5]);
    expect(ids(upgradeChoices({ planId: 2, daysToExpiry: 1 }, withoutAnnual))).toEqual([]);
  });

  it('offers only plans the country lists', () => {
    const lebanon = plans.filter((p) => p.planId === 5 || p.planId === 1);
    expect(ids(upgradeChoices({ planId: 1, daysToExpiry: 100 }, lebanon))).toEqual([5]);
    expect(ids(upgradeChoices({ planId: 3, daysToExpiry: 2 }, lebanon))).toEqual([5]);
  });
});

describe('days to expiry (UTC calendar days)', () => {
  it.each([
    ['2026-03-01', '2026-02-28T12:00:00Z', 1, 'across the end of a common February'],
    ['2028-03-01', '2028-02-28T00:00:00Z', 2, 'across a leap day'],
    ['2026-02-01', '2026-01-31T23:59:59Z', 1, 'across the end of January, late in the day'],
    ['2027-01-01', '2026-12-31T00:00:00Z', 1, 'across the end of the year'],
    ['2026-05-31', '2026-04-30T08:00:00Z', 31, 'from the end of April to the end of May'],
    ['2026-06-15', '2026-06-15T23:00:00Z', 0, 'the last day'],
    ['2026-06-14', '2026-06-15T01:00:00Z', -1, 'ended yesterday'],
    ['2026-06-15T00:00:00Z', '2026-06-01T10:00:00Z', 14, 'a date-time expiry counts by its day'],
    ['2026-10-26', '2026-03-28T00:00:00Z', 212, 'across daylight-saving changes'],
  ])('%s from %s → %i (%s)', (expiry, today, expected) => {
    expect(daysToExpiry(expiry, new Date(today))).toBe(expected);
  });

  it('has no answer without a readable date', () => {
    const today = new Date('2026-06-15T00:00:00Z');
    expect(daysToExpiry(null, today)).toBeNull();
    expect(daysToExpiry('', today)).toBeNull();
    expect(daysToExpiry('15/06/2026', today)).toBeNull();
    expect(daysToExpiry('2026-02-30', today)).toBeNull();
  });
});

describe('expiry notice window (spec 1 §4.5)', () => {
  it.each<[number | null, number, boolean, string]>([
    [-1, 30, false, 'expired'],
    [0, 30, true, 'last day'],
    [1, 30, true, 'inside'],
    [30, 30, true, 'first day of the window'],
    [31, 30, false, 'before the window'],
    [5, 5, true, 'monthly window edge'],
    [6, 5, false, 'monthly, one day early'],
    [0, 0, true, 'no renewal days: the last day only'],
    [1, 0, false, 'no renewal days: the day before'],
    [null, 30, false, 'no end date'],
  ])('%s days left, window %i → %s (%s)', (days, window, expected) => {
    expect(showExpiryNotice(days, window)).toBe(expected);
  });
});

describe('pending plan, flex and auto-renewal', () => {
  it.each([
    [{ planId: 2, active: false }, true],
    [{ planId: 3, active: false }, true],
    [{ planId: 5, active: false }, true],
    [{ planId: 1, active: false }, false],
    [{ planId: 2, active: true }, false],
    [null, false],
    [undefined, false],
  ])('%j is pending: %s', (plan, expected) => {
    expect(isPendingPlan(plan)).toBe(expected);
  });

  it.each([
    [1, false, false],
    [2, true, true],
    [3, true, true],
    [5, true, false],
  ])('plan %i: flex %s, auto-renewal %s', (planId, flex, autoRenewal) => {
    expect(flexOn(planId)).toBe(flex);
    expect(hasAutoRenewal(planId)).toBe(autoRenewal);
  });
});

describe('plan cards', () => {
  it('lists every plan in display order with best value on annual and lifetime', () => {
    const cards = planCards({ planId: 1, daysToExpiry: 300 }, plans);
    expect(cards.map((c) => [c.plan.planId, c.bestValue, c.isCurrent, c.canChoose])).toEqual([
      [1, false, true, false],
      [3, false, false, true],
      [2, true, false, true],
      [5, true, false, true],
    ]);
  });

  it('marks the current annual plan as renewable inside its window only', () => {
    const inside = planCards({ planId: 2, daysToExpiry: 10 }, plans);
    expect(inside.filter((c) => c.canChoose).map((c) => c.plan.planId)).toEqual([3, 2, 5]);
    expect(inside.find((c) => c.isCurrent)?.plan.planId).toBe(2);
    const outside = planCards({ planId: 2, daysToExpiry: 100 }, plans);
    expect(outside.filter((c) => c.canChoose)).toEqual([]);
  });

  it('keeps the list order of plans with the same display rank', () => {
    const lifetimeFirst = planCards({ planId: 3, daysToExpiry: 1 }, [plans[3]!, plans[1]!]);
    expect(lifetimeFirst.map((c) => c.plan.planId)).toEqual([5, 2]);
  });
});

describe('saved card expiry', () => {
  it.each([
    ['0128', '01/28'],
    ['1230', '12/30'],
    ['', ''],
    ['12/30', '12/30'],
  ])('%s → %s', (value, expected) => {
    expect(cardExpiryLabel(value)).toBe(expected);
  });
});

describe('choice buttons', () => {
  it.each([
    [1, 3, 'upgrade'],
    [1, 5, 'upgrade'],
    [3, 2, 'upgrade'],
    [2, 5, 'upgrade'],
    [2, 2, 'renew'],
    [2, 3, 'switch'],
    [5, 1, 'switch'],
    [5, 2, 'switch'],
  ])('from plan %i to plan %i: %s', (from, to, kind) => {
    expect(choiceKind(from, to)).toBe(kind);
  });
});

describe('expiry notice wording', () => {
  it.each([
    ['en', 0, 'Your plan ends today.'],
    ['en', 1, 'Your plan ends in 1 day.'],
    ['en', 2, 'Your plan ends in 2 days.'],
    ['ar', 0, 'تنتهي خطتك اليوم.'],
    ['ar', 1, 'تنتهي خطتك بعد يوم واحد.'],
    ['ar', 2, 'تنتهي خطتك بعد يومين.'],
    ['ar', 3, 'تنتهي خطتك بعد 3 أيام.'],
    ['ar', 11, 'تنتهي خطتك بعد 11 يوماً.'],
    ['ar', 100, 'تنتهي خطتك بعد 100 يوم.'],
  ] as const)('%s, %i days: %s', (lang, count, text) => {
    expect(createTranslator(lang, catalogues[lang])('membership.expiry.notice', { count })).toBe(text);
  });

  it('words the promo code’s extra time in every plural form', () => {
    const ar = createTranslator('ar', catalogues.ar);
    expect(ar('membership.upgraded.extra.Month', { count: 2 })).toBe('بالإضافة إلى شهرين');
    expect(createTranslator('en', catalogues.en)('membership.upgraded.extra.Year', { count: 1 })).toBe('plus 1 year');
    for (const unit of ['Year', 'Month', 'Day']) {
      for (const form of ['zero', 'one', 'two', 'few', 'many', 'other']) {
        expect(catalogues.ar[`membership.upgraded.extra.${unit}_${form}`], `${unit} ${form}`).toBeTruthy();
      }
    }
  });
});
