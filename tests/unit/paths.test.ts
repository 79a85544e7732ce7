import { describe, expect, it } from 'vitest';
import { buildUrl, matchPath, pagePath } from '../../src/lib/routes/paths.ts';
import { requireRoute } from '../../src/lib/routes/route-table.ts';

describe('paths', () => {
  it('puts the brand slug into article paths', () => {
    expect(buildUrl('en', 'about.what-is', 'shipbox')).toBe('/en/about/what-is-shipbox');
    expect(buildUrl('en', 'about.how-it-works', 'mailbridge')).toBe('/en/about/how-mailbridge-works');
    expect(matchPath('features/mailbridge-protect', 'mailbridge')?.route.name).toBe('features.protect');
    expect(matchPath('features/shipbox-protect', 'mailbridge')).toBeNull();
  });

  it('builds URLs with encoded parameters and query', () => {
    expect(buildUrl('ar', 'tracking', 'shipbox', { awbNumber: 'AB 12/3' })).toBe('/ar/tracking/AB%2012%2F3');
    expect(buildUrl('en', 'login', 'shipbox', {}, { email: 'a@b.c', toStateName: '' })).toBe('/en/login?email=a%40b.c');
    expect(() => buildUrl('en', 'tracking', 'shipbox')).toThrow(/awbNumber/);
  });

  it('matches parameters and decodes them', () => {
    expect(matchPath('tracking/AB%2012', 'shipbox')).toEqual({
      route: requireRoute('tracking'),
      params: { awbNumber: 'AB 12' },
    });
    expect(matchPath('account/message/0b7e', 'shipbox')?.params).toEqual({ id: '0b7e' });
    expect(matchPath('tracking/%E0%A4%A', 'shipbox')).toBeNull();
  });

  it('serves client-only routes from their shell page', () => {
    expect(pagePath(requireRoute('tracking'), 'shipbox')).toBe('tracking');
    expect(pagePath(requireRoute('office-locator.place'), 'shipbox')).toBe('office/office-locator');
    expect(pagePath(requireRoute('howtouse.entity'), 'shipbox')).toBe('howtouse');
    expect(pagePath(requireRoute('return.pickup'), 'shipbox')).toBe('shipment-return');
    expect(pagePath(requireRoute('faqs.detail'), 'shipbox')).toBe('faqs/:id/:subject');
  });
});
