import { describe, expect, it } from 'vitest';
import { LANGUAGES, pickLang } from '../../src/i18n/languages.ts';
import { COUNTRIES } from '../../src/lib/reference/countries.ts';
import { regionName } from '../../src/lib/reference/region-names.ts';

describe('regionName', () => {
  it('names every country the service serves as its reference data does, in every language', () => {
    for (const lang of LANGUAGES) {
      for (const country of COUNTRIES) {
        expect(regionName(country.code, lang), `${country.code} ${lang}`).toBe(
          pickLang(lang, { en: country.nameEn, ar: country.nameAr }),
        );
      }
    }
  });

  it('calls Hong Kong and Palestine by their short names, and keeps the long ones elsewhere', () => {
    expect(regionName('HK', 'en')).toBe('Hong Kong');
    expect(regionName('HK', 'ar')).toBe('هونغ كونغ');
    expect(regionName('PS', 'en')).toBe('Palestine');
    expect(regionName('US', 'en')).toBe('United States');
    expect(regionName('GB', 'en')).toBe('United Kingdom');
  });

  it('names countries the service does not serve, and answers the code for one that is none', () => {
    expect(regionName('NZ', 'en')).toBe('New Zealand');
    expect(regionName('NZ', 'ar')).toBe('نيوزيلندا');
    expect(regionName('QZ', 'ar')).toBe('QZ');
    expect(regionName('not a code', 'en')).toBe('not a code');
  });
});
