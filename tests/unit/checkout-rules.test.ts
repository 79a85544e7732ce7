import { describe, expect, it } from 'vitest';
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createTranslator } from '../../src/i18n/i18n.ts';
import { catalogues } from '../../src/i18n/catalogues.ts';
import { NewCardForm } from '../../src/islands/ui/checkout/NewCardForm.tsx';
import { OrderSummary } from '../../src/islands/ui/checkout/OrderSummary.tsx';
import { MethodChooser } from '../../src/islands/ui/checkout/MethodChooser.tsx';
import { FeaturesForm } from '../../src/islands/ui/checkout/FeaturesForm.tsx';
import {
  CARD_RULES,
  cardMaxLength,
  cardTypeOf,
  isAcceptedCardNumber,
  isExpiryValid,
  passesLuhn,
} from '../../src/lib/payments/card-type.ts';
import { currencyExponent, fromMinor, toMinor } from '../../src/lib/payments/money.ts';
import { formatMoney } from '../../src/lib/payments/money-format.ts';
import { addMonths, planExpiryDate } from '../../src/lib/payments/expiry-date.ts';
import {
  EXPIRY_MONTHS,
  PAYMENT_STEP_YEARS,
  WALLET_YEARS,
  amountText,
  analyticsPlanId,
  blockedHintKey,
  cardDetailsRequired,
  cardNumberComplete,
  clearMethodData,
  completesPayment,
  cvvLengthOf,
  decodePromoParam,
  defaultMethod,
  emptyForms,
  encodePromoParam,
  existingCardSchema,
  expiryYears,
  featuresRequired,
  featuresSchema,
  fieldErrors,
  formValidity,
  frameMessageId,
  formsValid,
  isFlex,
  listPrice,
  methodsFor,
  newCardSchema,
  orderChecks,
  orderExpiryDate,
  paymentErrorKey,
  promoBin,
  promoErrorKey,
  promoIgnored,
  promoPaymentType,
  readReturn,
  readSecureCookie,
  resetOnMethodChange,
  retryWhileInFlight,
  sadadSchema,
  savedAccounts,
  savedCardExpired,
  submitBlocked,
  usableSavedCards,
  userAfterPayment,
  visaCheckoutSchema,
  type CheckoutMethod,
  type CheckoutOrder,
  type FormValidity,
} from '../../src/lib/payments/checkout-rules.ts';
import type { PaymentOption, SavedCard } from '../../src/lib/api/payments/contract.ts';
import type { CurrentUser } from '../../src/lib/session/current-user.ts';

// 22 November 2026, midday UTC.
const TODAY = new Date(Date.UTC(2026, 10, 22, 12));

const options = (...ids: number[]): PaymentOption[] =>
  ids.map((id) => ({ id: id as PaymentOption['id'], convertToUSD: false }));
const CARDS = [1, 2, 3, 4, 6];

const saved = (over: Partial<SavedCard> = {}): SavedCard => ({
  id: 7,
  type: '1',
  first6Digits: '424242',
  last4Digits: '4242',
  expiryDate: '1230',
  name: 'Lina Haddad',
  isDefault: false,
  ...over,
});

describe('card type by number (spec 1 §5)', () => {
  it.each([
    ['4242424242424242', 1, 'Visa, 16 digits'],
    ['4222222222222', 1, 'Visa, 13 digits'],
    ['5105105105105100', 2, 'Mastercard 51'],
    ['5555555555554444', 2, 'Mastercard 55'],
    ['378282246310005', 3, 'Amex 37'],
    ['341111111111111', 3, 'Amex 34'],
    ['30569309025904', 4, 'Diners 305'],
    ['30000000000004', 4, 'Diners 300'],
    ['36227206271667', 4, 'Diners 36'],
    ['38520000023237', 4, 'Diners 38'],
    ['6011111111111117', 6, 'Discover 6011'],
    ['6500000000000002', 6, 'Discover 65'],
    ['4242 4242 4242 4242', 1, 'spaces typed'],
    ['4242-4242-4242-4242', 1, 'dashes typed'],
  ])('%s → %s (%s)', (number, type) => {
    expect(cardTypeOf(number)).toBe(type);
  });

  it.each([
    ['42424242424242', 'Visa with 14 digits'],
    ['424242424242424242', 'Visa with 18 digits'],
    ['510510510510510', 'Mastercard with 15 digits'],
    ['5605105105105100', 'Mastercard 56'],
    ['5005105105105100', 'Mastercard 50'],
    ['3782822463100055', 'Amex with 16 digits'],
    ['358282246310005', 'Amex-like 35'],
    ['30669309025904', 'Diners 306'],
    ['3056930902590', 'Diners with 13 digits'],
    ['601111111111111', 'Discover with 15 digits'],
    ['6012111111111117', 'Discover 6012'],
    ['6400000000000002', 'Discover-like 64'],
    ['1234567812345678', 'no known prefix'],
    ['4242a42424242424', 'a letter'],
    ['', 'empty'],
  ])('%s is no supported card (%s)', (number) => {
    expect(cardTypeOf(number)).toBeNull();
  });

  it('knows the longest number of each type as it is typed, 19 before a type shows', () => {
    expect(cardMaxLength('4')).toBe(16);
    expect(cardMaxLength('37')).toBe(15);
    expect(cardMaxLength('36')).toBe(14);
    expect(cardMaxLength('6011')).toBe(16);
    expect(cardMaxLength('9')).toBe(19);
  });

  it('asks four security digits of Amex only', () => {
    expect(CARD_RULES.map((r) => [r.id, r.cvvLength])).toEqual([
      [1, 3],
      [2, 3],
      [3, 4],
      [4, 3],
      [6, 3],
    ]);
    expect(cvvLengthOf('3782')).toBe(4);
    expect(cvvLengthOf('4')).toBe(3);
    expect(cvvLengthOf('9')).toBeNull();
  });

  it('checks the Luhn sum', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('4000002760003184')).toBe(true);
    expect(passesLuhn('79927398713')).toBe(false); // valid sum but 11 digits: too short for a card
    expect(isAcceptedCardNumber('4242424242424241')).toBe(false);
    expect(isAcceptedCardNumber('4242424242424242')).toBe(true);
    expect(isAcceptedCardNumber('1234567812345670')).toBe(false); // Luhn right, no type
  });

  it('advances focus only when the number reaches its type’s longest length', () => {
    expect(cardNumberComplete('424242424242424')).toBe(false);
    expect(cardNumberComplete('4242424242424242')).toBe(true);
    expect(cardNumberComplete('4222222222222')).toBe(false); // 13 is valid, but 16 may still come
    expect(cardNumberComplete('378282246310005')).toBe(true);
    expect(cardNumberComplete('9999999999999999')).toBe(false);
  });
});

describe('expiry (spec 1 §5, spec 2 §5 and §9)', () => {
  it('refuses the current year with an earlier month and accepts the same month', () => {
    expect(isExpiryValid(10, 2026, TODAY)).toBe(false);
    expect(isExpiryValid(11, 2026, TODAY)).toBe(true);
    expect(isExpiryValid(12, 2026, TODAY)).toBe(true);
    expect(isExpiryValid(1, 2027, TODAY)).toBe(true);
    expect(isExpiryValid(12, 2025, TODAY)).toBe(false);
    expect(isExpiryValid(13, 2027, TODAY)).toBe(false);
    expect(isExpiryValid(0, 2027, TODAY)).toBe(false);
  });

  it('lists 8 years in the payment step and 10 in the wallet, from the current year, and months 01-12', () => {
    expect(PAYMENT_STEP_YEARS).toBe(8);
    expect(WALLET_YEARS).toBe(10);
    expect(expiryYears(PAYMENT_STEP_YEARS, TODAY)).toEqual([
      '2026',
      '2027',
      '2028',
      '2029',
      '2030',
      '2031',
      '2032',
      '2033',
    ]);
    const wallet = expiryYears(WALLET_YEARS, TODAY);
    expect(wallet).toHaveLength(10);
    expect(wallet.at(-1)).toBe('2035');
    expect(EXPIRY_MONTHS).toEqual(['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12']);
  });

  it('marks a saved card expired before the current month', () => {
    expect(savedCardExpired('1026', TODAY)).toBe(true);
    expect(savedCardExpired('1126', TODAY)).toBe(false);
    expect(savedCardExpired('0127', TODAY)).toBe(false);
    expect(savedCardExpired('', TODAY)).toBe(true);
  });

  it('validates the new card form with translated messages', () => {
    const schema = newCardSchema(TODAY);
    const good = { name: 'Lina Haddad', number: '4242424242424242', month: '11', year: '2026', cvv: '123' };
    expect(schema.safeParse(good).success).toBe(true);
    expect(fieldErrors(schema, { ...good, month: '10' })).toEqual({ month: 'checkout.validation.expired' });
    expect(fieldErrors(schema, { ...good, cvv: '1234' })).toEqual({ cvv: 'checkout.validation.cvv' });
    expect(fieldErrors(schema, { ...good, number: '378282246310005', cvv: '1234' })).toEqual({});
    expect(fieldErrors(schema, { ...good, number: '378282246310005', cvv: '123' })).toEqual({
      cvv: 'checkout.validation.cvv',
    });
    expect(fieldErrors(schema, { name: ' ', number: '4242424242424241', month: '', year: '', cvv: '' })).toEqual({
      name: 'checkout.validation.name',
      number: 'checkout.validation.number',
      month: 'checkout.validation.month',
      year: 'checkout.validation.year',
      cvv: 'checkout.validation.cvv',
    });
  });
});

describe('money in minor units', () => {
  it('converts without floating-point drift', () => {
    expect(toMinor(4.35, 'USD')).toBe(435);
    expect(toMinor(1.005, 'USD')).toBe(101);
    expect(toMinor(0.1 + 0.2, 'USD')).toBe(30);
    expect(toMinor(3.5, 'JOD')).toBe(3500);
    expect(toMinor(2.0005, 'JOD')).toBe(2001);
    expect(currencyExponent('JOD')).toBe(3);
    expect(fromMinor(435, 'USD')).toBe(4.35);
    expect(fromMinor(3500, 'JOD')).toBe(3.5);
    expect(fromMinor(-435, 'USD')).toBe(-4.35);
    expect(toMinor(-4.35, 'USD')).toBe(-435);
  });

  it('adds many amounts exactly', () => {
    const minor = Array.from({ length: 1000 }, () => toMinor(0.1, 'USD')).reduce((a, b) => a + b, 0);
    expect(fromMinor(minor, 'USD')).toBe(100);
    const jod = Array.from({ length: 300 }, () => toMinor(0.333, 'JOD')).reduce((a, b) => a + b, 0);
    expect(fromMinor(jod, 'JOD')).toBe(99.9);
  });

  it('writes amounts for providers with the decimals of their currency', () => {
    expect(amountText(29, 'USD')).toBe('29.00');
    expect(amountText(3.5, 'JOD')).toBe('3.500');
    expect(listPrice(26.1, 2.9, 'USD')).toBe(29);
  });
});

describe('plan expiry date (spec 2 §4)', () => {
  const base = { today: '2026-11-22', duration: 12, additionalDuration: 0 };

  it('starts from a current expiry in the future', () => {
    expect(planExpiryDate({ ...base, currentExpiry: '2027-01-10' })).toBe('2028-01-10');
  });

  it('starts from today when the current expiry has passed or there is none', () => {
    expect(planExpiryDate({ ...base, currentExpiry: '2026-01-10' })).toBe('2027-11-22');
    expect(planExpiryDate({ ...base, currentExpiry: null })).toBe('2027-11-22');
  });

  it('adds the additional duration in months', () => {
    expect(planExpiryDate({ ...base, currentExpiry: null, duration: 1, additionalDuration: 2 })).toBe('2027-02-22');
  });

  it('clamps month ends', () => {
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(planExpiryDate({ ...base, today: '2027-01-31', currentExpiry: null, duration: 1 })).toBe('2027-02-28');
    expect(addMonths('2026-03-31', 1)).toBe('2026-04-30');
  });

  it('adds the promo’s extra years, months or days', () => {
    const none = { ...base, currentExpiry: null };
    expect(planExpiryDate({ ...none, promo: { amount: 1, type: 'Year' } })).toBe('2028-11-22');
    expect(planExpiryDate({ ...none, promo: { amount: 2, type: 'Month' } })).toBe('2028-01-22');
    expect(planExpiryDate({ ...none, promo: { amount: 10, type: 'Day' } })).toBe('2027-12-02');
    expect(planExpiryDate({ ...none, promo: { amount: 0, type: 'Day' } })).toBe('2027-11-22');
    expect(planExpiryDate({ ...none, promo: { amount: 3, type: null } })).toBe('2027-11-22');
  });
});

describe('methods and default method (spec 2 §4)', () => {
  it('offers a new card for card systems, the saved cards, then the others offered', () => {
    expect(methodsFor(options(...CARDS, 5, 9, 7), [saved()], 'SA')).toEqual([
      'newCard',
      'existingCard',
      'payPal',
      'visaCheckout',
      'sadad',
    ]);
    expect(methodsFor(options(1, 8), [], 'KW')).toEqual(['newCard', 'knet']);
    expect(methodsFor(options(5), [], 'JO')).toEqual(['payPal']);
    expect(methodsFor([], [], 'JO')).toEqual([]);
  });

  it('takes new cards through the Peach frame in ZA only', () => {
    expect(methodsFor(options(1, 2, 5), [], 'ZA')).toEqual(['peach', 'payPal']);
    expect(methodsFor(options(1, 2, 5), [], 'AE')).toEqual(['newCard', 'payPal']);
  });

  it('chooses PayPal if offered, else the saved card if any, else a new card', () => {
    expect(defaultMethod(options(...CARDS, 5), [saved()])).toBe('payPal');
    expect(defaultMethod(options(...CARDS), [saved()])).toBe('existingCard');
    expect(defaultMethod(options(...CARDS), [])).toBe('newCard');
    expect(defaultMethod(options(1, 2), [], 'ZA')).toBe('peach');
    expect(defaultMethod(options(7), [], 'SA')).toBe('sadad');
    expect(defaultMethod([], [])).toBeNull();
  });

  it('separates saved cards (not expired) from saved PayPal accounts', () => {
    const wallet = {
      cards: [saved({ id: 1 }), saved({ id: 2, expiryDate: '0125' })],
      thirdParty: [saved({ id: 3, type: '5', expiryDate: '' })],
    };
    expect(usableSavedCards(wallet, TODAY).map((c) => c.id)).toEqual([1]);
    expect(savedAccounts(wallet).map((c) => c.id)).toEqual([3]);
  });

  it('counts flex as neither basic nor lifetime, and reports basic 1 and flex 2 to analytics', () => {
    expect([1, 2, 3, 5].map(isFlex)).toEqual([false, true, true, false]);
    expect([1, 2, 3, 5].map(analyticsPlanId)).toEqual([1, 2, 2, 2]);
  });
});

describe('form validity and the blocked submit (spec 2 §5)', () => {
  const all: FormValidity = { card: true, existingCard: true, visaCheckout: true, sadad: true, features: true };
  const none: FormValidity = { card: false, existingCard: false, visaCheckout: false, sadad: false, features: false };
  const need = { cardDetails: true, features: true };

  it.each<[CheckoutMethod, keyof FormValidity | null]>([
    ['newCard', 'card'],
    ['existingCard', 'existingCard'],
    ['visaCheckout', 'visaCheckout'],
    ['sadad', 'sadad'],
  ])('%s needs its own form', (method, form) => {
    expect(formsValid(method, all, need)).toBe(true);
    expect(formsValid(method, { ...all, [form!]: false }, need)).toBe(false);
  });

  it('pays with a saved card without any card form (spec 2 §5: existing card, none)', () => {
    const cards = [saved({ id: 7 })];
    const forms = emptyForms(cards, []);
    expect(forms.existingCard).toEqual({ cardId: '7' });
    const validity = formValidity(forms, { today: TODAY, savedCards: cards, mandateAutoRenew: false });
    expect(validity.existingCard).toBe(true);
    // The new card's form, empty, does not hold up a payment with the saved card.
    expect(validity.card).toBe(false);
    expect(formsValid('existingCard', validity, { cardDetails: true, features: true })).toBe(true);
    const checks = orderChecks(
      { method: 'existingCard', amount: 35, forms },
      {
        plan: { planId: 2, mandateAutoRenew: false },
        savedCards: cards,
        today: TODAY,
        autoPayMandatory: false,
        savingMandatory: false,
      },
    );
    expect(checks.valid).toBe(true);
  });

  it('asks the features form of new card, Visa Checkout, PayPal and Peach, not of Sadad, Knet or a saved card', () => {
    const noFeatures = { ...all, features: false };
    expect(formsValid('newCard', noFeatures, need)).toBe(false);
    expect(formsValid('visaCheckout', noFeatures, need)).toBe(false);
    expect(formsValid('payPal', noFeatures, need)).toBe(false);
    expect(formsValid('peach', noFeatures, need)).toBe(false);
    expect(formsValid('sadad', noFeatures, need)).toBe(true);
    expect(formsValid('existingCard', noFeatures, need)).toBe(true);
    expect(formsValid('knet', none, need)).toBe(true);
  });

  it('skips the card form when card details are not required', () => {
    expect(formsValid('newCard', { ...all, card: false }, { cardDetails: false, features: true })).toBe(true);
  });

  it('requires card details when something is to pay, auto-pay is mandatory, or the card is saved', () => {
    const free = { amountAfterDiscount: 0, autoPayMandatory: false, saveCard: false, savingMandatory: false };
    expect(cardDetailsRequired(free)).toBe(false);
    expect(cardDetailsRequired({ ...free, amountAfterDiscount: 0.01 })).toBe(true);
    expect(cardDetailsRequired({ ...free, autoPayMandatory: true })).toBe(true);
    expect(cardDetailsRequired({ ...free, saveCard: true })).toBe(true);
    expect(cardDetailsRequired({ ...free, savingMandatory: true })).toBe(true);
  });

  it('with mandatory auto-pay, asks PayPal and Visa Checkout features only for a nonzero amount', () => {
    expect(featuresRequired('payPal', { autoPayMandatory: true, amount: 0 })).toBe(false);
    expect(featuresRequired('payPal', { autoPayMandatory: true, amount: 10 })).toBe(true);
    expect(featuresRequired('visaCheckout', { autoPayMandatory: true, amount: 0 })).toBe(false);
    expect(featuresRequired('newCard', { autoPayMandatory: true, amount: 0 })).toBe(true);
    expect(featuresRequired('payPal', { autoPayMandatory: false, amount: 0 })).toBe(true);
    expect(featuresRequired('sadad', { autoPayMandatory: true, amount: 10 })).toBe(false);
    expect(featuresRequired('knet', { autoPayMandatory: false, amount: 10 })).toBe(false);
  });

  it('blocks while in progress, on invalid forms, and while a mandated renewal is off', () => {
    const ok = { inProgress: false, formsValid: true, mandateAutoRenew: false, renew: false };
    expect(submitBlocked(ok)).toBe(false);
    expect(submitBlocked({ ...ok, inProgress: true })).toBe(true);
    expect(submitBlocked({ ...ok, formsValid: false })).toBe(true);
    expect(submitBlocked({ ...ok, mandateAutoRenew: true })).toBe(true);
    expect(submitBlocked({ ...ok, mandateAutoRenew: true, renew: true })).toBe(false);
  });

  it('asks the mandated renewal, and mandated AutoPay, in the features form', () => {
    const form = { renew: false, saveCard: false, autoPay: false };
    expect(featuresSchema(true).safeParse(form).success).toBe(false);
    expect(featuresSchema(true).safeParse({ ...form, renew: true }).success).toBe(true);
    expect(featuresSchema(false).safeParse({ ...form, saveCard: true }).success).toBe(true);
    expect(fieldErrors(featuresSchema(false, true), form)).toEqual({ autoPay: 'checkout.validation.autoPay' });
    expect(featuresSchema(false, true).safeParse({ ...form, autoPay: true }).success).toBe(true);
  });

  it('checks the saved card, Visa Checkout and Sadad forms', () => {
    const cards = [saved({ id: 7, type: '1' }), saved({ id: 8, type: '3' })];
    const existing = existingCardSchema(cards);
    expect(existing.safeParse({ cardId: '7' }).success).toBe(true);
    expect(existing.safeParse({ cardId: '8' }).success).toBe(true);
    expect(fieldErrors(existing, { cardId: '9' })).toEqual({ cardId: 'checkout.validation.savedCard' });
    expect(visaCheckoutSchema.safeParse({ card: null, cvv2: '123' }).success).toBe(false);
    const card = {
      callId: 'c',
      encryptKey: 'k',
      paymentData: 'p',
      name: 'N',
      number: '•••• 1111',
      expiryMonth: '12',
      expiryYear: '2030',
    };
    expect(visaCheckoutSchema.safeParse({ card, cvv2: '123' }).success).toBe(true);
    expect(fieldErrors(sadadSchema, { accountId: '  ' })).toEqual({ accountId: 'checkout.validation.sadad' });
  });

  it('works out every form’s validity from what is filled in', () => {
    const forms = emptyForms([saved()], []);
    const v = formValidity(forms, { today: TODAY, savedCards: [saved()], mandateAutoRenew: true });
    expect(v).toEqual({ card: false, existingCard: true, visaCheckout: false, sadad: false, features: false });
    expect(formValidity(forms, { today: TODAY, savedCards: [], mandateAutoRenew: false }).existingCard).toBe(false);
    const filled = {
      ...forms,
      newCard: { name: 'A B', number: '4242424242424242', month: '12', year: '2026', cvv: '123' },
      existingCard: { cardId: '7' },
      sadad: { accountId: 'ACC-1' },
      features: { renew: true, saveCard: false, autoPay: false },
    };
    expect(formValidity(filled, { today: TODAY, savedCards: [saved()], mandateAutoRenew: true })).toEqual({
      card: true,
      existingCard: true,
      visaCheckout: false,
      sadad: true,
      features: true,
    });
  });
});

describe('promo codes (spec 2 §5)', () => {
  it('ignores a code while applying, once valid, or when blank', () => {
    expect(promoIgnored(false, false, 'WELCOME10')).toBe(false);
    expect(promoIgnored(true, false, 'WELCOME10')).toBe(true);
    expect(promoIgnored(false, true, 'WELCOME10')).toBe(true);
    expect(promoIgnored(false, false, '   ')).toBe(true);
    expect(promoIgnored(false, false, '')).toBe(true);
  });

  it('takes the BIN from the new card number or the saved card', () => {
    expect(promoBin('newCard', '4242 4242 4242 4242', null)).toBe('424242');
    expect(promoBin('newCard', '42424', null)).toBe('');
    expect(promoBin('existingCard', '4242424242424242', saved({ first6Digits: '510510' }))).toBe('510510');
    expect(promoBin('existingCard', '', null)).toBe('');
    expect(promoBin('payPal', '4242424242424242', saved())).toBe('');
  });

  it('sends an empty payment type for a new card, else the payment system id', () => {
    expect(promoPaymentType('newCard', null)).toBe('');
    expect(promoPaymentType('peach', null)).toBe('');
    expect(promoPaymentType('existingCard', saved({ type: '3' }))).toBe('3');
    expect(promoPaymentType('payPal', null)).toBe('5');
    expect(promoPaymentType('visaCheckout', null)).toBe('9');
    expect(promoPaymentType('sadad', null)).toBe('7');
    expect(promoPaymentType('knet', null)).toBe('8');
  });

  it('says why a code was refused when the server says it, else the general message', () => {
    expect(promoErrorKey('PROMO_EXPIRED')).toBe('checkout.error.PROMO_EXPIRED');
    expect(promoErrorKey('VALIDATION')).toBe('signup.payment.promoErrorApplyCode');
    expect(promoErrorKey('TOO_MANY_ATTEMPTS')).toBe('errors.tooManyAttempts');
    expect(promoErrorKey('SERVICE_UNAVAILABLE')).toBe('errors.unavailable');
    expect(promoErrorKey(undefined)).toBe('signup.payment.promoErrorApplyCode');
  });

  it('round-trips the cpc parameter and refuses garbage', () => {
    expect(decodePromoParam(encodePromoParam('WELCOME10'))).toBe('WELCOME10');
    expect(decodePromoParam(encodePromoParam('خصم'))).toBe('خصم');
    expect(decodePromoParam('V0VMQ09NRTEw')).toBe('WELCOME10');
    expect(decodePromoParam('%%%')).toBe('');
    expect(decodePromoParam(null)).toBe('');
  });
});

describe('method change (spec 2 §4)', () => {
  const cards = [saved({ id: 7, isDefault: false }), saved({ id: 8, isDefault: true })];
  const order: CheckoutOrder = {
    method: 'newCard',
    promo: {
      amount: 29,
      amountAfterDiscount: 26.1,
      discount: 2.9,
      promoCode: 'WELCOME10',
      subscriptionAdditionalDuration: 0,
      subscriptionAdditionalDurationType: null,
    },
    promoCode: 'WELCOME10',
    amount: 26.1,
    submitted: true,
    expiryDate: '2028-01-22',
    forms: {
      ...emptyForms(cards, []),
      newCard: { name: 'A', number: '4242', month: '01', year: '2027', cvv: '1' },
      existingCard: { cardId: '7' },
      sadad: { accountId: 'S-1' },
      features: { renew: true, saveCard: true, autoPay: false },
    },
  };

  it('resets the promo, amount, submitted flag and expiry, and clears that method’s data only', () => {
    const next = resetOnMethodChange(order, 'existingCard', {
      amount: 29,
      expiryDate: '2027-11-22',
      savedCards: cards,
      accounts: [],
    });
    expect(next.method).toBe('existingCard');
    expect(next.promo).toBeNull();
    expect(next.amount).toBe(29);
    expect(next.submitted).toBe(false);
    expect(next.expiryDate).toBe('2027-11-22');
    expect(next.forms.existingCard).toEqual({ cardId: '8' });
    expect(next.forms.newCard).toEqual(order.forms.newCard);
    expect(next.forms.sadad).toEqual({ accountId: 'S-1' });
    expect(next.forms.features).toEqual({ renew: true, saveCard: true, autoPay: false });
  });

  it('clears the new card and Sadad data when they are chosen', () => {
    expect(clearMethodData(order.forms, 'newCard', cards, []).newCard).toEqual({
      name: '',
      number: '',
      month: '',
      year: '',
      cvv: '',
    });
    expect(clearMethodData(order.forms, 'sadad', cards, []).sadad).toEqual({ accountId: '' });
  });
});

describe('return parameters (spec 2 §2)', () => {
  const cpc = encodePromoParam('WELCOME10');

  it('reads a PayPal approval with save, plan and promo', () => {
    expect(readReturn(`?id=2&cpc=${cpc}&save=1&token=EC-1&PayerID=P1`)).toEqual({
      kind: 'paypal',
      payerId: 'P1',
      token: 'EC-1',
      save: true,
      planId: 2,
      promoCode: 'WELCOME10',
    });
    expect(readReturn('?id=3&save=0&token=EC-1&PayerID=P1')).toMatchObject({ kind: 'paypal', save: false });
  });

  it('reads a PayPal account added for a free subscription', () => {
    expect(readReturn('?id=2&token=EC-2&addPayPal=1&isFreePromo=1')).toEqual({
      kind: 'paypalFree',
      token: 'EC-2',
      planId: 2,
      promoCode: '',
    });
    expect(readReturn('?id=2&token=EC-2&addPayPal=1').kind).toBe('none');
  });

  it('reads Sadad, Knet and the 3-D Secure return', () => {
    expect(readReturn('?id=2&estn=E-9')).toMatchObject({ kind: 'sadad', estn: 'E-9', planId: 2 });
    expect(readReturn('?id=5&PaymentID=K-1')).toMatchObject({ kind: 'knet', paymentId: 'K-1', planId: 5 });
    expect(readReturn('?Id=S-1')).toMatchObject({ kind: 'secure', id: 'S-1', planId: null });
  });

  it('reads a cancel or a plain visit as none, and only known plans', () => {
    expect(readReturn('?id=2')).toEqual({ kind: 'none', planId: 2, promoCode: '' });
    // A provider's cancel comes back with cancelled=1 (its own parameters win when it sends them).
    expect(readReturn('?id=2&cancelled=1')).toEqual({ kind: 'cancelled', planId: 2, promoCode: '' });
    expect(readReturn('?id=2&cancelled=1&estn=E-1').kind).toBe('sadad');
    expect(completesPayment(readReturn('?id=2&cancelled=1'))).toBe(false);
    expect(readReturn('?id=4').planId).toBeNull();
    expect(readReturn('?id=abc').planId).toBeNull();
    expect(readReturn('').planId).toBeNull();
    expect(readReturn('?token=EC-3').kind).toBe('none');
  });

  it('completes a payment on load for PayPal, Sadad and Knet returns only', () => {
    expect(completesPayment(readReturn('?token=a&PayerID=b'))).toBe(true);
    expect(completesPayment(readReturn('?token=a&addPayPal=1&isFreePromo=1'))).toBe(true);
    expect(completesPayment(readReturn('?estn=1'))).toBe(true);
    expect(completesPayment(readReturn('?PaymentID=1'))).toBe(true);
    expect(completesPayment(readReturn('?Id=1'))).toBe(false);
    expect(completesPayment(readReturn('?id=2'))).toBe(false);
  });
});

describe('3-D Secure cookie and in-flight retries', () => {
  it('finds the response of the expected secure id only', () => {
    const name = 'sb_secure_key';
    expect(readSecureCookie('lang=en; sb_secure_key=abc.PASS', name, 'abc')).toBe('PASS');
    expect(readSecureCookie('sb_secure_key=abc%2Eok', name, 'abc')).toBe('ok');
    expect(readSecureCookie('sb_secure_key=other.PASS', name, 'abc')).toBeNull();
    expect(readSecureCookie('sb_secure_key=abc.', name, 'abc')).toBeNull();
    expect(readSecureCookie('xsb_secure_key=abc.PASS', name, 'abc')).toBeNull();
    expect(readSecureCookie('', name, 'abc')).toBeNull();
  });

  it('retries an in-flight call up to five times, 500 ms apart, then gives up', async () => {
    const waits: number[] = [];
    let calls = 0;
    const inFlight = new Error('in flight');
    const wait = (ms: number) => {
      waits.push(ms);
      return Promise.resolve();
    };
    const result = await retryWhileInFlight(
      () => (++calls < 3 ? Promise.reject(inFlight) : Promise.resolve('paid')),
      (e) => e === inFlight,
      { wait },
    );
    expect(result).toBe('paid');
    expect(calls).toBe(3);
    expect(waits).toEqual([500, 500]);

    calls = 0;
    await expect(
      retryWhileInFlight(
        () => (++calls, Promise.reject(inFlight)),
        (e) => e === inFlight,
        { wait },
      ),
    ).rejects.toBe(inFlight);
    expect(calls).toBe(6);

    calls = 0;
    const other = new Error('declined');
    await expect(
      retryWhileInFlight(
        () => (++calls, Promise.reject(other)),
        (e) => e === inFlight,
        { wait },
      ),
    ).rejects.toBe(other);
    expect(calls).toBe(1);
  });

  it('maps refused payments to their message, others to errors.500', () => {
    expect(paymentErrorKey({ status: 400, code: 'PAYMENT_CARD', messageKey: 'errors.validation' })).toBe(
      'checkout.error.PAYMENT_CARD',
    );
    expect(paymentErrorKey({ status: 409, code: 'IDEMPOTENCY_IN_FLIGHT', messageKey: 'errors.500' })).toBe(
      'checkout.error.IDEMPOTENCY_IN_FLIGHT',
    );
    expect(paymentErrorKey({ status: 0, code: 'NETWORK', messageKey: 'errors.network' })).toBe('errors.network');
    expect(paymentErrorKey({ status: 503, code: 'SERVICE_UNAVAILABLE', messageKey: 'errors.unavailable' })).toBe(
      'errors.unavailable',
    );
    expect(paymentErrorKey({ status: 422, code: 'IDEMPOTENCY_KEY_REUSED', messageKey: 'errors.500' })).toBe(
      'errors.500',
    );
  });
});

describe('the session after a payment (spec 2 §4)', () => {
  const user: CurrentUser = {
    isLoggedIn: true,
    guid: 'g',
    email: 'a@b.c',
    firstName: 'A',
    lastName: 'B',
    langCode: 'en',
    hasMailboxes: true,
    hasLiveChat: false,
    hasFlex: false,
    confirmedAgreement: true,
    countryCode: 'JO',
    paymentMethodId: 0,
    id: { mandatory: false, uploaded: false, detailsMandatory: false, detailsFilled: false },
    membershipPlan: {
      id: 3,
      startDate: '2026-01-05',
      expiryDate: '2026-12-05',
      expirationDate: '2026-12-05',
      autoRenewal: false,
    },
    weightUnit: 'kg',
  };

  it('sets the plan, keeps the start of a flex plan and broadcasts Flex', () => {
    const next = userAfterPayment(
      user,
      { planId: 2, planExpiryDate: '2027-12-05' },
      { isSignup: false, autoRenewal: true, today: '2026-11-22' },
    );
    expect(next.hasFlex).toBe(true);
    expect(next.hasMailboxes).toBe(true);
    expect(next.membershipPlan).toEqual({
      id: 2,
      startDate: '2026-01-05',
      expiryDate: '2027-12-05',
      expirationDate: '2027-12-05',
      autoRenewal: true,
    });
  });

  it('opens the mailboxes of a signup and starts its plan today; lifetime never renews', () => {
    const next = userAfterPayment(
      { ...user, hasMailboxes: false, membershipPlan: null },
      { planId: 5, planExpiryDate: '2126-11-22' },
      { isSignup: true, autoRenewal: true, today: '2026-11-22' },
    );
    expect(next.hasMailboxes).toBe(true);
    expect(next.membershipPlan).toMatchObject({ id: 5, startDate: '2026-11-22', autoRenewal: false });
  });
});

describe('checkout parts as rendered', () => {
  const en = createTranslator('en', catalogues.en);
  const ar = createTranslator('ar', catalogues.ar);
  const noop = () => undefined;
  const plan = {
    planId: 2,
    amount: 29,
    currencyCode: 'USD',
    duration: 12,
    mandateAutoRenew: true,
    renewalAllowedInLastDays: 30,
  } as const;
  const promo = {
    amount: 29,
    amountAfterDiscount: 26.1,
    discount: 2.9,
    promoCode: 'WELCOME10',
    subscriptionAdditionalDuration: 2,
    subscriptionAdditionalDurationType: 'Month' as const,
  };
  /** The id an element's aria-describedby names must exist and hold `text`. */
  const describedText = (html: string, id: string) => new RegExp(`id="${id}"[^>]*>([^<]*)`).exec(html)?.[1];

  it('labels every card field, shows the type by number and links each shown error to its field', () => {
    const html = renderToStaticMarkup(
      h(NewCardForm, {
        t: en,
        card: { name: '', number: '3782', month: '', year: '', cvv: '' },
        errors: { name: 'checkout.validation.name', number: 'checkout.validation.number' },
        submitted: true,
        years: expiryYears(PAYMENT_STEP_YEARS, TODAY),
        onChange: noop,
      }),
    );
    for (const label of ['Name on card', 'Card number', 'Expiry month', 'Expiry year', 'Security code (CVV)']) {
      expect(html).toMatch(new RegExp(`<label for="[^"]+">${label.replace(/[()]/g, '\\$&')}</label>`));
    }
    expect(html).toContain('Card type: American Express');
    expect(html).toContain('inputMode="numeric" autoComplete="cc-number"');
    expect(html).toMatch(/maxLength="4"/); // the Amex code
    const [, described] = /id="([^"]+)" aria-invalid="true" aria-describedby="([^" ]+)/.exec(html) ?? [];
    expect(described).toBeTruthy();
    expect(describedText(html, `${described}-error`)).toBe('Enter the name as it appears on the card.');
    expect((html.match(/<option value="20\d\d">/g) ?? []).length).toBe(8);
  });

  it('labels the method chooser as one radio group', () => {
    const html = renderToStaticMarkup(
      h(MethodChooser, {
        t: en,
        methods: ['newCard', 'existingCard', 'payPal'],
        method: 'payPal',
        disabled: false,
        onChange: noop,
      }),
    );
    const labelId = /id="([^"]+)">Payment method</.exec(html)?.[1];
    expect(html).toContain(`role="radiogroup" aria-labelledby="${labelId}"`);
    expect(html.match(/type="radio"/g)).toHaveLength(3);
    expect(html).toMatch(/checked="" value="payPal"/);
  });

  it('asks for the mandated renewal with its reason linked', () => {
    const html = renderToStaticMarkup(
      h(FeaturesForm, {
        t: en,
        form: { renew: false, saveCard: false, autoPay: false },
        errors: { renew: 'checkout.validation.renew' },
        submitted: true,
        showRenew: true,
        renewMandated: true,
        showSave: true,
        onChange: noop,
      }),
    );
    expect(html).toContain('Renew automatically');
    expect(html).toContain('Save for later payments');
    expect(html).toMatch(/aria-invalid="true" aria-describedby="[^"]+-error [^"]+-hint"/);
  });

  it('sums up the order with the decimals apart, the discount, the extra time and the new end', () => {
    const english = renderToStaticMarkup(
      h(OrderSummary, { t: en, lang: 'en', plan, promo, amount: 26.1, expiryDate: '2028-01-22' }),
    );
    expect(english).toContain('<span class="price-whole">29</span><span class="price-decimals">.00</span>');
    expect(english).toContain('<bdi>−$2.90</bdi>');
    expect(english).toContain('2 months');
    expect(english).toContain('<bdi>$26.10</bdi>');
    expect(english).toContain('Jan 22, 2028');
    const arabic = renderToStaticMarkup(
      h(OrderSummary, {
        t: ar,
        lang: 'ar',
        plan: { ...plan, currencyCode: 'JOD' },
        promo: { ...promo, subscriptionAdditionalDuration: 1, subscriptionAdditionalDurationType: 'Year' as const },
        amount: 26.1,
        expiryDate: '2028-11-22',
      }),
    );
    expect(arabic).toContain('سنة واحدة');
    // The same writing as every page that shows money: the currency's three decimals, Latin digits.
    expect(arabic).toContain(`<bdi>${formatMoney(26.1, 'JOD', 'ar')}</bdi>`);
    expect(arabic).toContain('<span class="price-whole">29</span><span class="price-decimals">.000</span>');
  });
});

describe('the order’s checks (spec 2 §5) and its end date (spec 2 §4)', () => {
  const annual = { planId: 2, mandateAutoRenew: false } as const;
  const monthly = { planId: 3, mandateAutoRenew: true } as const;
  const card = { name: 'Lina Haddad', number: '4242424242424242', month: '09', year: '2029', cvv: '123' };
  const order = (method: CheckoutMethod | null, amount = 35, forms = emptyForms([], [])) => ({ method, amount, forms });
  const everywhere = { savedCards: [], today: TODAY, autoPayMandatory: false, savingMandatory: false };
  const kuwait = { ...everywhere, autoPayMandatory: true, savingMandatory: true };

  it('shows renewal for flex and saving for methods that can keep a card or account', () => {
    expect(orderChecks(order('newCard'), { ...everywhere, plan: annual })).toMatchObject({
      showRenew: true,
      renewMandated: false,
      showSave: true,
      saveMandated: false,
      saveCard: false,
    });
    expect(orderChecks(order('newCard'), { ...everywhere, plan: monthly }).renewMandated).toBe(true);
    expect(orderChecks(order('knet'), { ...everywhere, plan: annual }).showSave).toBe(false);
    expect(orderChecks(order('existingCard'), { ...everywhere, plan: annual }).showSave).toBe(false);
    const savedAccount = { ...emptyForms([], []), payPal: { accountId: '7' } };
    expect(orderChecks(order('payPal', 35, savedAccount), { ...everywhere, plan: annual }).showSave).toBe(false);
    expect(orderChecks(order('payPal'), { ...everywhere, plan: annual }).showSave).toBe(true);
  });

  it('keeps the card or account without asking where saving is mandatory, and asks card details of a free order', () => {
    const free = orderChecks(order('newCard', 0), { ...kuwait, plan: annual });
    expect(free).toMatchObject({ saveMandated: true, saveCard: true, need: { cardDetails: true }, valid: false });
    const filled = { ...emptyForms([], []), newCard: card };
    expect(orderChecks(order('newCard', 0, filled), { ...kuwait, plan: annual }).valid).toBe(true);
    expect(orderChecks(order('newCard', 0), { ...everywhere, plan: annual })).toMatchObject({
      saveCard: false,
      need: { cardDetails: false },
      valid: true,
    });
    // PayPal's features form is needed for a free order only where AutoPay is not mandatory.
    expect(orderChecks(order('payPal', 0), { ...kuwait, plan: annual }).need.features).toBe(false);
    expect(orderChecks(order('payPal', 0), { ...everywhere, plan: annual }).need.features).toBe(true);
  });

  it('sends renewal only for flex, and says why the submit is blocked', () => {
    const ticked = { ...emptyForms([], []), features: { renew: true, saveCard: true, autoPay: false } };
    expect(orderChecks(order('newCard', 35, ticked), { ...everywhere, plan: annual })).toMatchObject({
      renew: true,
      saveCard: true,
    });
    expect(
      orderChecks(order('newCard', 35, ticked), { ...everywhere, plan: { planId: 5, mandateAutoRenew: false } }),
    ).toMatchObject({ showRenew: false, renew: false });
    const state = { inProgress: false, formsValid: false, mandateAutoRenew: true, renew: false };
    expect(blockedHintKey(state)).toBe('checkout.blocked.renew');
    expect(blockedHintKey({ ...state, renew: true })).toBe('checkout.blocked.forms');
    expect(blockedHintKey({ ...state, renew: true, formsValid: true })).toBeNull();
    expect(blockedHintKey({ ...state, inProgress: true })).toBeNull();
  });

  it('ends the plan from the current paid plan for an upgrade, else from today, plus the promo’s extra time', () => {
    const current = {
      id: 2,
      startDate: '2026-01-01',
      expiryDate: '2027-01-01T00:00:00',
      expirationDate: null,
      autoRenewal: false,
    };
    const ctx = { current, isSignup: false, today: TODAY };
    expect(orderExpiryDate({ duration: 12 }, null, ctx)).toBe('2028-01-01');
    expect(orderExpiryDate({ duration: 12 }, null, { ...ctx, isSignup: true })).toBe('2027-11-22');
    expect(orderExpiryDate({ duration: 12 }, null, { ...ctx, current: { ...current, id: 1 } })).toBe('2027-11-22');
    const promo = {
      amount: 35,
      amountAfterDiscount: 30,
      discount: 5,
      promoCode: 'X',
      subscriptionAdditionalDuration: 3,
      subscriptionAdditionalDurationType: 'Day' as const,
    };
    expect(orderExpiryDate({ duration: 1 }, promo, { ...ctx, current: null })).toBe('2026-12-25');
  });

  it('reads the checkout id from the Peach frame’s message or the route guard’s, nothing else', () => {
    expect(frameMessageId({ type: 'peach', id: 'chk-1' })).toBe('chk-1');
    expect(frameMessageId({ id: 'chk-2' })).toBe('chk-2');
    expect(frameMessageId({ id: 'chk-3', extra: true })).toBeNull();
    expect(frameMessageId({ type: 'peach', id: '' })).toBeNull();
    expect(frameMessageId('chk-4')).toBeNull();
  });

  it('asks a signup for AutoPay where it is offered, mandatory where the country says, and keeps what pays', () => {
    const signup = { ...everywhere, plan: annual, autoPayOffered: true };
    expect(orderChecks(order('newCard'), { ...everywhere, plan: annual }).showAutoPay).toBe(false);
    expect(orderChecks(order('newCard'), signup)).toMatchObject({ showAutoPay: true, autoPayMandated: false });
    // Sadad and Knet leave nothing for AutoPay to charge.
    expect(orderChecks(order('sadad'), signup).showAutoPay).toBe(false);
    expect(orderChecks(order('knet'), signup).showAutoPay).toBe(false);
    expect(orderChecks(order('existingCard'), signup).showAutoPay).toBe(true);

    const chosen = { ...emptyForms([], []), newCard: card, features: { renew: false, saveCard: false, autoPay: true } };
    expect(orderChecks(order('newCard', 35, chosen), signup)).toMatchObject({ autoPay: true, saveCard: true });

    const kuwaitSignup = { ...kuwait, plan: annual, autoPayOffered: true };
    const unticked = { ...emptyForms([], []), newCard: card };
    expect(orderChecks(order('newCard', 35, unticked), kuwaitSignup)).toMatchObject({
      autoPayMandated: true,
      valid: false,
    });
    expect(orderChecks(order('newCard', 35, chosen), kuwaitSignup).valid).toBe(true);
    // Where the method needs no features form (a free PayPal order under mandatory AutoPay), the box is optional.
    expect(orderChecks(order('payPal', 0), kuwaitSignup)).toMatchObject({ autoPayMandated: false, valid: true });
  });

  it('says the card is kept rather than asking where saving is mandatory', () => {
    const en = createTranslator('en', catalogues.en);
    const props = {
      t: en,
      form: { renew: false, saveCard: false, autoPay: false },
      errors: {},
      submitted: false,
      showRenew: false,
      renewMandated: false,
      showSave: true,
      onChange: () => undefined,
    };
    const mandated = renderToStaticMarkup(h(FeaturesForm, { ...props, saveMandated: true }));
    expect(mandated).not.toContain('type="checkbox"');
    expect(mandated).toContain('AutoPay is mandatory in your country');
    expect(renderToStaticMarkup(h(FeaturesForm, props))).toContain('Save for later payments');
  });
});
