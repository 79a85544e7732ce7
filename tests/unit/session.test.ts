import { describe, expect, it } from 'vitest';
import { parseCurrentUser } from '../../src/lib/session/current-user.ts';
import { switchLanguageUrl } from '../../src/lib/site/page-context.ts';
import { isInstallBannerClosed, closeInstallBanner } from '../../src/lib/site/install-banner.ts';

const stored = {
  isLoggedIn: true,
  guid: 'g-1',
  email: 'demo@example.com',
  firstName: 'Dana',
  lastName: 'Haddad',
  langCode: 'en',
  hasMailboxes: true,
  hasLiveChat: true,
  hasFlex: false,
  confirmedAgreement: true,
  countryCode: 'JO',
  paymentMethodId: 0,
  id: { mandatory: true, uploaded: false, detailsMandatory: false, detailsFilled: false },
  membershipPlan: { id: 2, startDate: '2026-01-01', expiryDate: '2027-01-01', expirationDate: null, autoRenewal: true },
  weightUnit: 'lb',
};

describe('persisted session', () => {
  it('reads a stored user back', () => {
    expect(parseCurrentUser(JSON.stringify(stored))).toEqual(stored);
  });
  it('reads a user stored before the weight unit was kept as showing kilograms', () => {
    const before: Partial<typeof stored> = { ...stored };
    delete before.weightUnit;
    expect(parseCurrentUser(JSON.stringify(before))).toEqual({ ...stored, weightUnit: 'kg' });
    expect(parseCurrentUser(JSON.stringify({ ...stored, weightUnit: 'stone' }))).toBeNull();
  });
  it('treats anything else as logged out', () => {
    expect(parseCurrentUser(null)).toBeNull();
    expect(parseCurrentUser('null')).toBeNull();
    expect(parseCurrentUser('{broken')).toBeNull();
    expect(parseCurrentUser(JSON.stringify({ ...stored, isLoggedIn: false }))).toBeNull();
    expect(parseCurrentUser(JSON.stringify({ ...stored, paymentMethodId: 7 }))).toBeNull();
    expect(parseCurrentUser(JSON.stringify({ email: 'x' }))).toBeNull();
  });
});

describe('language switch', () => {
  it('changes only the language segment', () => {
    expect(switchLanguageUrl('/en/tracking/123', '?x=1', 'ar')).toBe('/ar/tracking/123?x=1');
    expect(switchLanguageUrl('/ar/home', '', 'en')).toBe('/en/home');
    expect(switchLanguageUrl('/en', '', 'ar')).toBe('/ar/home');
  });
});

describe('install banner', () => {
  it('is remembered as closed', () => {
    const items = new Map<string, string>();
    const storage = {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
    };
    expect(isInstallBannerClosed(storage)).toBe(false);
    closeInstallBanner(storage);
    expect(isInstallBannerClosed(storage)).toBe(true);
  });
});
