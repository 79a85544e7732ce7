/**
 * Money as people read it (src/lib/payments/money-format.ts) and a provider's refusals in the customer's language
 * (src/lib/payments/gateway-messages.ts).
 */
import { describe, expect, it } from 'vitest';
import { catalogues } from '../../src/i18n/catalogues.ts';
import { LANGUAGES } from '../../src/i18n/languages.ts';
import { GATEWAY_CODES, gatewayMessageKey } from '../../src/lib/payments/gateway-messages.ts';
import { formatMoney, moneyParts } from '../../src/lib/payments/money-format.ts';
import { currencyExponent } from '../../src/lib/payments/money.ts';
import { SANDBOX_MESSAGES } from '../../server/payments/sandbox/sandbox-provider.ts';

/** Bidirectional marks Intl puts around Arabic amounts, which change nothing a reader sees. */
const visible = (text: string) => text.replace(/[\u200e\u200f\u061c]/g, '');

describe('one way to write money', () => {
  it('gives each currency its own minor digits, in both languages', () => {
    expect(formatMoney(35, 'JOD', 'en')).toBe('JOD\u00a035.000');
    expect(formatMoney(35, 'KWD', 'en')).toBe('KWD\u00a035.000');
    expect(formatMoney(35, 'USD', 'en')).toBe('$35.00');
    expect(formatMoney(4.25, 'JOD', 'en')).toBe('JOD\u00a04.250');
    expect(formatMoney(1234.5, 'USD', 'en')).toBe('$1,234.50');
    expect(visible(formatMoney(35, 'JOD', 'ar'))).toMatch(/^35\.000\s\S+$/);
    expect(visible(formatMoney(19.5, 'USD', 'ar'))).toMatch(/^19\.50\s\S+$/);
    for (const currency of ['JOD', 'KWD', 'USD', 'SAR', 'AED', 'ZAR', 'JPY']) {
      const digits = currencyExponent(currency);
      for (const lang of LANGUAGES) {
        const fraction = /[.,٫](\d+)\D*$/.exec(visible(formatMoney(12, currency, lang)))?.[1] ?? '';
        expect(fraction.length, `${currency} in ${lang}`).toBe(digits);
      }
    }
  });

  it('writes Latin digits in Arabic', () => {
    expect(formatMoney(1234.5, 'SAR', 'ar')).not.toMatch(/[\u0660-\u0669]/);
  });

  it('shows an unknown currency as it came rather than failing', () => {
    expect(formatMoney(5, 'points', 'en')).toBe('points 5');
  });

  it('splits a price into its currency, whole part and decimals, making the same text', () => {
    for (const lang of LANGUAGES) {
      const parts = moneyParts(1234.5, 'JOD', lang);
      expect(parts.map((p) => p.text).join('')).toBe(formatMoney(1234.5, 'JOD', lang));
      expect(parts.find((p) => p.kind === 'whole')?.text).toBe('1,234');
      expect(parts.find((p) => p.kind === 'decimals')?.text).toBe('.500');
      expect(parts.some((p) => p.kind === 'currency')).toBe(true);
    }
    expect(moneyParts(29, 'USD', 'en')).toEqual([
      { kind: 'currency', text: '$' },
      { kind: 'whole', text: '29' },
      { kind: 'decimals', text: '.00' },
    ]);
  });
});

describe("a provider's refusal in the customer's language (spec 2 §8)", () => {
  it('maps every code to a key both languages have, and anything else to errors.500', () => {
    for (const code of GATEWAY_CODES) {
      const key = gatewayMessageKey(code);
      expect(key).toBe(`gateway.${code}`);
      for (const lang of LANGUAGES) expect(catalogues[lang][key], `${lang} ${key}`).toBeTruthy();
    }
    expect(gatewayMessageKey('card_velocity_exceeded')).toBe('errors.500');
    expect(gatewayMessageKey(null)).toBe('errors.500');
    expect(gatewayMessageKey(undefined)).toBe('errors.500');
    expect(gatewayMessageKey('__proto__')).toBe('errors.500');
  });

  it("reads in English as the provider's own words did, and in Arabic in Arabic", () => {
    expect(catalogues.en[gatewayMessageKey('declined')]).toBe(SANDBOX_MESSAGES.declined);
    expect(catalogues.en[gatewayMessageKey('insufficient_funds')]).toBe(SANDBOX_MESSAGES.insufficientFunds);
    expect(catalogues.en[gatewayMessageKey('authentication_failed')]).toBe(SANDBOX_MESSAGES.secureFailed);
    expect(catalogues.ar[gatewayMessageKey('declined')]).toMatch(/[\u0600-\u06ff]/);
  });
});
