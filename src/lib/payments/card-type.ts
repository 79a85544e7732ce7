/**
 * Card type by number (spec 1 §5): Visa starts with 4 (13 or 16 digits); Master Card 51-55 with 16; Amex 34 or
 * 37 with 15; Diners 300-305, 36 or 38 with 14; Discover 6011 or 65 with 16. Ids are the payment systems of
 * spec 2 §3.
 */
import { PAYMENT_SYSTEMS, type PaymentSystemId } from '../api/payments/contract.ts';

interface CardRule {
  id: PaymentSystemId;
  prefix: RegExp;
  lengths: readonly number[];
  cvvLength: number;
}

export const CARD_RULES: readonly CardRule[] = [
  { id: PAYMENT_SYSTEMS.visa, prefix: /^4/, lengths: [13, 16], cvvLength: 3 },
  { id: PAYMENT_SYSTEMS.masterCard, prefix: /^5[1-5]/, lengths: [16], cvvLength: 3 },
  { id: PAYMENT_SYSTEMS.amex, prefix: /^3[47]/, lengths: [15], cvvLength: 4 },
  { id: PAYMENT_SYSTEMS.diners, prefix: /^3(?:0[0-5]|[68])/, lengths: [14], cvvLength: 3 },
  { id: PAYMENT_SYSTEMS.discover, prefix: /^6(?:011|5)/, lengths: [16], cvvLength: 3 },
];

/** Digits only: spaces and dashes people type are dropped. */
export const cardDigits = (value: string): string => value.replace(/[\s-]/g, '');

/** The rule whose prefix the number starts with (whatever its length so far). */
export function cardRuleOf(number: string): CardRule | undefined {
  const digits = cardDigits(number);
  return CARD_RULES.find((rule) => rule.prefix.test(digits));
}

/** The payment system of a complete number: prefix and length both fit; null otherwise. */
export function cardTypeOf(number: string): PaymentSystemId | null {
  const digits = cardDigits(number);
  if (!/^\d+$/.test(digits)) return null;
  const rule = cardRuleOf(digits);
  return rule && rule.lengths.includes(digits.length) ? rule.id : null;
}

/** The longest number the type starting so allows (19 when no type is recognised yet). */
export function cardMaxLength(number: string): number {
  return Math.max(...(cardRuleOf(number)?.lengths ?? [19]));
}

/** The Luhn checksum every card number carries. */
export function passesLuhn(number: string): boolean {
  const digits = cardDigits(number);
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** A card number the product accepts: a supported type with a right checksum. */
export function isAcceptedCardNumber(number: string): boolean {
  return cardTypeOf(number) !== null && passesLuhn(number);
}

/** Expiry in the current year with an earlier month is invalid (spec 1 §5); months are 1-12. */
export function isExpiryValid(month: number, year: number, today: Date): boolean {
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year)) return false;
  const thisYear = today.getUTCFullYear();
  return year > thisYear || (year === thisYear && month >= today.getUTCMonth() + 1);
}
