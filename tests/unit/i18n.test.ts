import { describe, expect, it } from 'vitest';
import { catalogues } from '../../src/i18n/catalogues.ts';
import { createTranslator } from '../../src/i18n/i18n.ts';
import { DEFAULT_LANG, LANGUAGES, dirOf, currencyOf } from '../../src/i18n/languages.ts';

/** Every message key the specification names (spec 1 §4–5, spec 2 §5 and §8). */
const SPEC_KEYS = [
  'errors.500',
  'errors.paymentProcessing',
  'errors.unauthorized',
  'errors.optionSelectError',
  'errors.global',
  'errors.shipmentReturnFailed',
  'errors.invalidAddress',
  'errors.couldNotDelete',
  'errors.validation',
  'errors.accountNotResolved',
  'errors.400.VEX022',
  'errors.400.VEX003',
  'errors.400.VEX008',
  'notifications.wait',
  'notifications.waitRedirection',
  'notifications.cardSaved',
  'notifications.optionSelectSuccess',
  'notifications.uploadInvoiceSuccess',
  'notifications.shipmentReturnAccepted',
  'notifications.successDeletingMsg',
  'notifications.confirmEmailSent',
  'notifications.accountAlreadyActive',
  'notifications.samePassword',
  'notifications.requestSubmitted',
  'notifications.settingsSaved',
  'validation.fileSizeLimit',
  'validation.fileFormat',
  'validation.requiredCurrencyFields',
  'validation.invalidAmount',
  'validation.unavailableCurrency',
  'signup.payment.promoErrorApplyCode',
  'signup.payment.promonotification',
  'accountWallet.payment.msgCardSaveFailed',
  'accountwallet.errors.500',
];

describe('translations', () => {
  it('has the same keys in every language, none empty', () => {
    for (const lang of LANGUAGES) {
      expect(Object.keys(catalogues[lang]).sort(), lang).toEqual(Object.keys(catalogues[DEFAULT_LANG]).sort());
    }
    for (const [lang, catalogue] of Object.entries(catalogues)) {
      for (const [key, value] of Object.entries(catalogue)) expect(value.trim(), `${lang} ${key}`).not.toBe('');
    }
  });

  it.each(SPEC_KEYS)('holds %s in every language', (key) => {
    for (const lang of LANGUAGES) expect(catalogues[lang][key], lang).toBeTruthy();
  });

  it('really translates: Arabic strings are in Arabic script', () => {
    const arabic = /[\u0600-\u06FF]/;
    const untranslated = Object.entries(catalogues.ar).filter(
      ([key, value]) => !arabic.test(value) && !key.startsWith('lang.') && !key.startsWith('site.titleSuffix'),
    );
    expect(untranslated).toEqual([]);
  });

  it('uses flat dotted keys and interpolates values', () => {
    const t = createTranslator('en', catalogues.en);
    expect(t('errors.400.VEX003')).toBe('This mobile number is already in use.');
    expect(t('title.about.what-is', { brand: 'Mailbridge' })).toBe('What is Mailbridge');
    expect(createTranslator('ar', catalogues.ar)('title.404')).toBe('الصفحة غير موجودة');
  });

  it('sets direction and default currency by language', () => {
    expect(dirOf('ar')).toBe('rtl');
    expect(dirOf('en')).toBe('ltr');
    expect(currencyOf('en')).toBe('USD');
    expect(currencyOf('ar')).toBe('JOD');
  });
});

describe('labels of the product’s fixed lists', () => {
  it('name every shipment status, service code, claim subcategory and ID type in every language', async () => {
    const { SHIPMENT_STATUSES } = await import('../../src/lib/reference/shipment-statuses.ts');
    const { SERVICE_CODES } = await import('../../src/lib/api/account-home/contract.ts');
    const { ID_TYPES } = await import('../../src/lib/reference/schemas.ts');
    const keys = [
      ...SHIPMENT_STATUSES.map((s) => `shipmentStatus.${s.id}`),
      ...SERVICE_CODES.map((c) => `service.${c}`),
      ...[566, 567, 830, 831, 8198, 8633].map((c) => `claim.subCategory.${c}`),
      ...[0, 2, 3, 4, 5, 6, 7, 8, 13].map((p) => `claim.process.${p}`),
      ...ID_TYPES.map((type) => `idType.${type}`),
      ...[1, 2, 3, 5].map((id) => `plan.name.${id}`),
    ];
    for (const lang of LANGUAGES) {
      expect(keys.filter((key) => !(key in catalogues[lang]))).toEqual([]);
    }
  });
});
