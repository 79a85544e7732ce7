import { describe, expect, it } from 'vitest';
import type { SavedCard, WalletContent } from '../../src/lib/api/payments/contract.ts';
import { savedCardExpired } from '../../src/lib/payments/checkout-rules.ts';
import {
  afterDeletion,
  autoPayAvailable,
  autoPayProblem,
  chooseDeliveryPayment,
  deleteConfirmation,
  initialAutoPay,
  nextDefault,
  usableOptionCount,
  walletOptions,
  type DeleteContext,
} from '../../src/lib/payments/wallet-rules.ts';

/** 24 November 2026. */
const TODAY = new Date('2026-11-24T10:00:00Z');

const card = (id: number, expiryDate: string, overrides: Partial<SavedCard> = {}): SavedCard => ({
  id,
  type: '1',
  first6Digits: '424242',
  last4Digits: String(4000 + id),
  expiryDate,
  name: 'Dana Haddad',
  isDefault: false,
  ...overrides,
});
const account = (id: number): SavedCard => ({ ...card(id, ''), type: '5', first6Digits: '', last4Digits: '' });
const wallet = (cards: SavedCard[], thirdParty: SavedCard[] = []): WalletContent => ({ cards, thirdParty });

describe('saved card expiry (spec 1 §4.8)', () => {
  it.each([
    ['0127', false, 'a later year'],
    ['1226', false, 'a later month of this year'],
    ['1126', false, 'this month'],
    ['1026', true, 'an earlier month of this year'],
    ['0126', true, 'January of this year'],
    ['1225', true, 'the year before this year'],
    ['', true, 'unreadable'],
  ])('%s is expired: %s (%s)', (expiry, expired) => {
    expect(savedCardExpired(expiry, TODAY)).toBe(expired);
  });

  it('marks expired cards and never accounts', () => {
    const options = walletOptions(wallet([card(1, '1026'), card(2, '0128')], [account(3)]), TODAY);
    expect(options.map((o) => [o.id, o.expired, o.thirdParty])).toEqual([
      [1, true, false],
      [2, false, false],
      [3, false, true],
    ]);
    expect(usableOptionCount(wallet([card(1, '1026'), card(2, '0128')], [account(3)]), TODAY)).toBe(2);
  });
});

describe('AutoPay rules (spec 1 §4.8, §5 Wallet; spec 2 §4)', () => {
  const none = { mandatory: false, usableOptions: 0 };
  const one = { mandatory: false, usableOptions: 1 };
  const mandatory = { mandatory: true, usableOptions: 1 };

  it('starts from AutoPay only when it is on and a payment option can pay', () => {
    expect(initialAutoPay({ value: true, shippingAgreement: true }, one)).toEqual({
      choice: 'autoPay',
      agreement: true,
    });
    // Without a card AutoPay is disabled, the agreement cleared and delivery falls back to Cash.
    expect(initialAutoPay({ value: true, shippingAgreement: true }, none)).toEqual({
      choice: 'cash',
      agreement: false,
    });
    expect(initialAutoPay({ value: false, shippingAgreement: false }, one)).toEqual({
      choice: 'cash',
      agreement: false,
    });
    expect(autoPayAvailable(none)).toBe(false);
    expect(autoPayAvailable(one)).toBe(true);
  });

  it('clears the shipping agreement when a non-AutoPay option is chosen', () => {
    expect(chooseDeliveryPayment({ choice: 'autoPay', agreement: true }, 'cash')).toEqual({
      choice: 'cash',
      agreement: false,
    });
    expect(chooseDeliveryPayment({ choice: 'cash', agreement: false }, 'autoPay')).toEqual({
      choice: 'autoPay',
      agreement: false,
    });
  });

  it.each([
    // choice, agreement, context, problem
    ['autoPay', true, one, null],
    ['autoPay', false, one, 'wallet.autoPay.agreementRequired'],
    ['autoPay', true, none, 'wallet.autoPay.needsOption'],
    ['cash', false, one, null],
    ['cash', false, none, null],
    ['cash', false, mandatory, 'wallet.autoPay.mandatoryRefused'],
    ['autoPay', true, mandatory, null],
    ['autoPay', true, { mandatory: true, usableOptions: 0 }, 'wallet.autoPay.needsOption'],
  ] as const)('%s with agreement %s (%o) → %s', (choice, agreement, ctx, problem) => {
    expect(autoPayProblem({ choice, agreement }, ctx)).toBe(problem);
  });

  it('turns AutoPay and auto-renewal off only when no usable option is left', () => {
    expect(afterDeletion({ autoPay: true, autoRenewal: true, usableLeft: 0 })).toEqual({
      autoPay: false,
      autoRenewal: false,
    });
    expect(afterDeletion({ autoPay: true, autoRenewal: true, usableLeft: 1 })).toEqual({
      autoPay: true,
      autoRenewal: true,
    });
    expect(afterDeletion({ autoPay: false, autoRenewal: false, usableLeft: 0 })).toEqual({
      autoPay: false,
      autoRenewal: false,
    });
  });
});

describe('delete confirmations (spec 1 §4.8)', () => {
  const ctx = (content: WalletContent, overrides: Partial<DeleteContext> = {}): DeleteContext => ({
    content,
    today: TODAY,
    autoPay: { value: false, mandatory: false },
    membership: { autoRenewal: false, expiryDate: '2027-08-16' },
    ...overrides,
  });
  const two = wallet([card(1, '0128'), card(2, '0329')]);
  const only = wallet([card(1, '0128')]);

  it.each([
    ['another option is left', two, {}, 'default', null],
    ['the last option', only, {}, 'last', null],
    ['the last option with AutoPay on', only, { autoPay: { value: true, mandatory: false } }, 'lastAutoPay', null],
    [
      'the last option where AutoPay is mandatory',
      only,
      { autoPay: { value: true, mandatory: true } },
      'lastAutoPayMandatory',
      null,
    ],
    [
      'the last option with auto-renewal on',
      only,
      { membership: { autoRenewal: true, expiryDate: '2027-08-16' } },
      'last',
      '2027-08-16',
    ],
    [
      'the last option with AutoPay and auto-renewal',
      only,
      { autoPay: { value: true, mandatory: false }, membership: { autoRenewal: true, expiryDate: '2027-08-16' } },
      'lastAutoPay',
      '2027-08-16',
    ],
    [
      'another option with auto-renewal on',
      two,
      { membership: { autoRenewal: true, expiryDate: '2027-08-16' } },
      'default',
      null,
    ],
  ] as const)('%s → %s', (_name, content, overrides, variant, renewalEnds) => {
    expect(deleteConfirmation(1, ctx(content, overrides))).toEqual({ variant, renewalEnds });
  });

  it('counts a PayPal account as a payment option and an expired card as none', () => {
    expect(deleteConfirmation(1, ctx(wallet([card(1, '0128')], [account(2)]))).variant).toBe('default');
    // Deleting the only usable card while an expired one remains is deleting the last payment option.
    expect(deleteConfirmation(1, ctx(wallet([card(1, '0128'), card(2, '0925')]))).variant).toBe('last');
    // Deleting an expired card never leaves the customer with less to pay with.
    expect(deleteConfirmation(2, ctx(wallet([card(1, '0128'), card(2, '0925')]))).variant).toBe('default');
  });

  it('passes the default to the oldest option left when the default goes', () => {
    const options = [
      { id: 3, isDefault: false },
      { id: 1, isDefault: true },
      { id: 2, isDefault: false },
    ];
    expect(nextDefault(options, 1)).toBe(2);
    expect(nextDefault(options, 3)).toBe(1);
    expect(nextDefault([{ id: 1, isDefault: true }], 1)).toBeNull();
  });
});
