/**
 * The sandbox's test cards, following the common sandbox convention: a few fixed numbers with a fixed outcome.
 * Any other number of a supported type with a right checksum succeeds. The README's table and the tests read
 * this list, so it is the one place the numbers are written down.
 */
import { PAYMENT_SYSTEMS, type PaymentSystemId } from '../../../src/lib/api/payments/contract.ts';
import { cardDigits } from '../../../src/lib/payments/card-type.ts';

/** What charging the card does: succeed, ask for a 3-D Secure challenge first, or fail. */
export type CardOutcome = 'success' | 'secure' | 'declined' | 'insufficient_funds';

export interface TestCard {
  /** Digits only. */
  number: string;
  system: 'Visa' | 'Mastercard' | 'American Express' | 'Diners Club' | 'Discover';
  systemId: PaymentSystemId;
  outcome: CardOutcome;
  description: string;
}

export const TEST_CARDS: readonly TestCard[] = [
  {
    number: '4242424242424242',
    system: 'Visa',
    systemId: PAYMENT_SYSTEMS.visa,
    outcome: 'success',
    description: 'Succeeds.',
  },
  {
    number: '4000002760003184',
    system: 'Visa',
    systemId: PAYMENT_SYSTEMS.visa,
    outcome: 'secure',
    description: 'Asks for a 3-D Secure challenge; the charge succeeds only after a passed challenge.',
  },
  {
    number: '4000000000000002',
    system: 'Visa',
    systemId: PAYMENT_SYSTEMS.visa,
    outcome: 'declined',
    description: 'Declined: "Your card was declined."',
  },
  {
    number: '4000000000009995',
    system: 'Visa',
    systemId: PAYMENT_SYSTEMS.visa,
    outcome: 'insufficient_funds',
    description: 'Declined: "Your card has insufficient funds."',
  },
  {
    number: '5555555555554444',
    system: 'Mastercard',
    systemId: PAYMENT_SYSTEMS.masterCard,
    outcome: 'success',
    description: 'Succeeds.',
  },
  {
    number: '378282246310005',
    system: 'American Express',
    systemId: PAYMENT_SYSTEMS.amex,
    outcome: 'success',
    description: 'Succeeds (4-digit security code).',
  },
  {
    number: '36227206271667',
    system: 'Diners Club',
    systemId: PAYMENT_SYSTEMS.diners,
    outcome: 'success',
    description: 'Succeeds (14 digits).',
  },
  {
    number: '6011111111111117',
    system: 'Discover',
    systemId: PAYMENT_SYSTEMS.discover,
    outcome: 'success',
    description: 'Succeeds.',
  },
];

/** The outcome of charging `number`: the test card's, or success for any other accepted number. */
export function outcomeOf(number: string): CardOutcome {
  const digits = cardDigits(number);
  return TEST_CARDS.find((card) => card.number === digits)?.outcome ?? 'success';
}

/** The number in groups as printed on the card (4-6-5 for 15-digit Amex, 4-6-4 for 14-digit Diners). */
export function groupCardNumber(number: string): string {
  const digits = cardDigits(number);
  const groups = digits.length === 15 || digits.length === 14 ? [4, 6, digits.length - 10] : [4, 4, 4, 4];
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  if (at < digits.length) parts.push(digits.slice(at));
  return parts.join(' ');
}
