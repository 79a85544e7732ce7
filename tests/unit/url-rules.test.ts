import { describe, expect, it } from 'vitest';
import { cleanPath, resolveUrl, type SiteShape } from '../../src/lib/routes/url-rules.ts';
import { OFFICE_FORM, TRACK_FORM } from '../../src/lib/routes/form-answers.ts';
import { buildUrl } from '../../src/lib/routes/paths.ts';

const shipbox: SiteShape = { brandSlug: 'shipbox', languages: ['en', 'ar'] };
const mailbridge: SiteShape = { brandSlug: 'mailbridge', languages: ['en'] };

describe('URL rules (spec 1 §2.1)', () => {
  it('redirects the root to the home page of the current language, English by default', () => {
    expect(resolveUrl('/', '', shipbox)).toEqual({ kind: 'redirect', status: 302, location: '/en/home' });
    expect(resolveUrl('/', '?utm=x', shipbox, 'ar')).toEqual({
      kind: 'redirect',
      status: 302,
      location: '/ar/home?utm=x',
    });
    expect(resolveUrl('/', '', mailbridge, 'ar')).toMatchObject({ location: '/en/home' });
  });

  it('removes trailing and double slashes with a permanent redirect, keeping the query', () => {
    expect(cleanPath('//en///home//')).toBe('/en/home');
    expect(resolveUrl('/en/home/', '', shipbox)).toEqual({ kind: 'redirect', status: 301, location: '/en/home' });
    expect(resolveUrl('/en//faqs', '?q=1', shipbox)).toEqual({
      kind: 'redirect',
      status: 301,
      location: '/en/faqs?q=1',
    });
    expect(resolveUrl('//', '', shipbox)).toEqual({ kind: 'redirect', status: 301, location: '/' });
  });

  it('lowercases the language segment', () => {
    expect(resolveUrl('/EN/home', '', shipbox)).toEqual({ kind: 'redirect', status: 301, location: '/en/home' });
    expect(resolveUrl('/Ar/tracking/X1', '?a=b', shipbox)).toMatchObject({
      status: 301,
      location: '/ar/tracking/X1?a=b',
    });
  });

  it('falls back to the current language for an unknown one', () => {
    expect(resolveUrl('/fr/faqs', '', shipbox)).toEqual({ kind: 'redirect', status: 302, location: '/en/faqs' });
    expect(resolveUrl('/fr/faqs', '', shipbox, 'ar')).toMatchObject({ location: '/ar/faqs' });
    expect(resolveUrl('/ar/home', '', mailbridge)).toMatchObject({ status: 302, location: '/en/home' });
    expect(resolveUrl('/de', '', shipbox)).toMatchObject({ location: '/en/home' });
  });

  it('shows the 404 page in the current language for a URL without a language prefix', () => {
    expect(resolveUrl('/home', '', shipbox)).toEqual({ kind: 'not-found', lang: 'en', file: 'en/404.html' });
    expect(resolveUrl('/account/home', '', shipbox, 'ar')).toEqual({
      kind: 'not-found',
      lang: 'ar',
      file: 'ar/404.html',
    });
    expect(resolveUrl('/eng/home', '', shipbox)).toMatchObject({ kind: 'not-found' });
  });

  it('shows the 404 page for an unknown URL, in the language of the URL', () => {
    expect(resolveUrl('/en/no-such-page', '', shipbox)).toEqual({ kind: 'not-found', lang: 'en', file: 'en/404.html' });
    expect(resolveUrl('/ar/no-such-page', '', shipbox)).toMatchObject({ lang: 'ar', file: 'ar/404.html' });
    expect(resolveUrl('/en/Home', '', shipbox)).toMatchObject({ kind: 'not-found' });
  });

  it('sends a bare language to its home page', () => {
    expect(resolveUrl('/ar', '', shipbox)).toEqual({ kind: 'redirect', status: 302, location: '/ar/home' });
  });

  it('serves pages from their file and client-only routes from their shell page', () => {
    expect(resolveUrl('/en/home', '', shipbox)).toMatchObject({ kind: 'page', file: 'en/home.html' });
    expect(resolveUrl('/en/home/account', '?tab=messages', shipbox)).toMatchObject({ file: 'en/home/account.html' });
    expect(resolveUrl('/ar/tracking/1234567', '', shipbox)).toMatchObject({
      kind: 'page',
      file: 'ar/tracking.html',
      params: { awbNumber: '1234567' },
    });
    expect(resolveUrl('/en/account/message/8c1f', '', shipbox)).toMatchObject({ file: 'en/account/message.html' });
    expect(resolveUrl('/en/account/request/edit/42', '', shipbox)).toMatchObject({
      file: 'en/account/request/edit.html',
    });
    expect(resolveUrl('/en/howtouse/US/NYC', '', shipbox)).toMatchObject({ file: 'en/howtouse.html' });
    expect(resolveUrl('/en/shipment-return/pickup', '', shipbox)).toMatchObject({ file: 'en/shipment-return.html' });
    expect(resolveUrl('/en/faqs/12/how-to-pay', '', shipbox)).toMatchObject({ file: 'en/faqs/12/how-to-pay.html' });
    expect(resolveUrl('/en/about/what-is-mailbridge', '', mailbridge)).toMatchObject({ kind: 'page' });
    expect(resolveUrl('/en/about/what-is-shipbox', '', mailbridge)).toMatchObject({ kind: 'not-found' });
  });

  it('accepts office-locator ids of three letters or 1-5 digits only', () => {
    for (const ok of [
      '/en/office/office-locator',
      '/en/office/office-locator/AE',
      '/en/office/office-locator/AE/DXB',
      '/en/office/office-locator/us/12345',
    ]) {
      expect(resolveUrl(ok, '', shipbox), ok).toMatchObject({ kind: 'page', file: 'en/office/office-locator.html' });
    }
    for (const bad of [
      '/en/office/office-locator/AE/DXBX',
      '/en/office/office-locator/AE/123456',
      '/en/office/office-locator/AE/D1',
      '/en/office/office-locator/ARE/DXB',
      '/en/office/office-locator/AE/DXB/x',
    ]) {
      expect(resolveUrl(bad, '', shipbox), bad).toMatchObject({ kind: 'not-found', lang: 'en' });
    }
  });
});

describe("the tool box's forms sent without JavaScript (spec 1 §2.7)", () => {
  it('opens the tracking page of the number sent, trimmed, in the language of the URL', () => {
    expect(resolveUrl('/en/tracking', '?awbNumber=SB9000100', shipbox)).toEqual({
      kind: 'redirect',
      status: 302,
      location: '/en/tracking/SB9000100',
    });
    expect(resolveUrl('/ar/tracking', '?awbNumber=+SB+90%2F1+', shipbox)).toMatchObject({
      location: '/ar/tracking/SB%2090%2F1',
    });
    // The URL rules still come first: the language is lowercased, then the form answered.
    expect(resolveUrl('/EN/tracking', '?awbNumber=X1', shipbox)).toMatchObject({
      status: 301,
      location: '/en/tracking?awbNumber=X1',
    });
    expect(resolveUrl('/en/tracking/', '?awbNumber=X1', shipbox)).toMatchObject({ status: 301 });
  });

  it('asks again for a number sent blank (400, the page that says so), and knows no bare tracking page', () => {
    for (const search of ['?awbNumber=', '?awbNumber=++', '?awbNumber=%20&x=1']) {
      expect(resolveUrl('/ar/tracking', search, shipbox), search).toEqual({
        kind: 'form-error',
        status: 400,
        lang: 'ar',
        file: 'ar/track-shipment.html',
      });
    }
    expect(resolveUrl('/en/tracking', '', shipbox)).toMatchObject({ kind: 'not-found' });
    expect(resolveUrl('/en/track-shipment', '', shipbox)).toMatchObject({ kind: 'not-found' });
  });

  it('opens the office locator on the country sent, and on every office without one', () => {
    expect(resolveUrl('/en/office/office-locator', '?countryCode=JO', shipbox)).toEqual({
      kind: 'redirect',
      status: 302,
      location: '/en/office/office-locator/JO',
    });
    expect(resolveUrl('/en/office/office-locator', '?countryCode=ae', shipbox)).toMatchObject({
      location: '/en/office/office-locator/AE',
    });
    for (const search of ['?countryCode=', '?countryCode=JOR', '']) {
      expect(resolveUrl('/en/office/office-locator', search, shipbox), search).toMatchObject({
        kind: 'page',
        file: 'en/office/office-locator.html',
      });
    }
  });

  it('sends the forms to the paths the answers read', () => {
    expect(buildUrl('en', 'office-locator', 'shipbox')).toBe(`/en/${OFFICE_FORM.path}`);
    expect(buildUrl('en', 'tracking', 'shipbox', { awbNumber: 'X' })).toBe(`/en/${TRACK_FORM.path}/X`);
  });
});
