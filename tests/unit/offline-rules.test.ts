import { describe, expect, it } from 'vitest';
import { isSavedPage, isSavedRead, markSavedPage, opensSession } from '../../src/lib/offline/saving-rules.ts';
import { parsePushMessage } from '../../src/lib/push/push-message.ts';
import { pageFiles, staticImports } from '../../scripts/build-service-worker.ts';

const url = (path: string) => new URL(path, 'https://www.example.com');

describe('what is saved for reading offline', () => {
  it.each([
    ['/api/tracking/SB7000101?language=ar', true],
    ['/api/packages/SB7000101/singlePackage?language=en', true],
    ['/api/customers/0b6e/packages/getAllPackages?pageIndex=0&pageSize=10', true],
    ['/api/customers/0b6e/packages/summary', true],
    ['/api/customers/0b6e/messages', true],
    ['/api/customers/0b6e/messages/4f1a', true],
    ['/api/v1/account/0b6e/ShippingAddresses/', true],
    ['/api/articles?type=faq&lang=ar', true],
    // Money, cards and the account's settings are read online only.
    ['/api/account/0b6e/wallet', false],
    ['/api/v1/account/0b6e/paymentOptions', false],
    ['/api/payments/checkout', false],
    ['/api/account/GetCustomerDetails', false],
    ['/api/customers/0b6e/packages/getAllPackages/extra', false],
    ['/en/tracking/SB7000101', false],
  ])('API read %s: %s', (path, expected) => {
    expect(isSavedRead(url(path))).toBe(expected);
  });

  it.each([
    ['/en/tracking/SB7000101', true],
    ['/ar/home/account', true],
    ['/ar/faqs/12', true],
    ['/en/home', true],
    // Payments, the wallet and the membership's payment: never.
    ['/en/pending-payments', false],
    ['/en/account/payment-options', false],
    ['/ar/account/membership-plan', false],
    ['/en/account/membership-payment', false],
    ['/en/signup/payment', false],
    // A payment's return, whatever the page.
    ['/en/tracking/SB7000101?order=991&cancelled=1', false],
    ['/en/account/payment-options?token=abc', false],
    // Not pages of the site.
    ['/api/tracking/SB7000101', false],
    ['/dev/outbox', false],
    ['/sw.js', false],
  ])('page %s: %s', (path, expected) => {
    expect(isSavedPage(url(path))).toBe(expected);
  });

  it.each([
    ['POST', '/api/account/login', true],
    ['POST', '/api/v1/session/passkey', true],
    ['POST', '/api/signup', true],
    ['GET', '/api/account/login', false],
    ['POST', '/api/v1/session/passkey/options', false],
    ['POST', '/api/account/logout', false],
  ])('%s %s opens a session (the copies saved before are dropped): %s', (method, path, expected) => {
    expect(opensSession(url(path), method)).toBe(expected);
  });

  it('marks a saved page with the time it was saved, and nothing else', () => {
    const html = '<!doctype html>\n<html\n  lang="ar"\n  dir="rtl"><head></head></html>';
    expect(markSavedPage(html, '2026-11-27T10:05:00.000Z')).toBe(
      '<!doctype html>\n<html data-saved-at="2026-11-27T10:05:00.000Z"\n  lang="ar"\n  dir="rtl"><head></head></html>',
    );
    expect(markSavedPage('<html lang="en">', '"><script>')).toBe('<html data-saved-at="" lang="en">');
  });
});

describe('a push message', () => {
  const message = {
    title: 'Your package arrived',
    body: 'A package from a shop is in your mailbox.',
    url: '/ar/tracking/SB7000101',
    tag: 'arrived-SB7000101',
    lang: 'ar',
    dir: 'rtl',
  };

  it('is shown as sent', () => {
    expect(parsePushMessage(JSON.stringify(message))).toEqual(message);
  });

  it('tags by its page when it names no tag, and reads left to right unless told', () => {
    const rest: Partial<typeof message> = { ...message };
    delete rest.tag;
    delete rest.dir;
    expect(parsePushMessage(JSON.stringify(rest))).toMatchObject({ tag: message.url, dir: 'ltr' });
  });

  it.each([
    ['not JSON', 'hello'],
    ['no title', JSON.stringify({ ...message, title: '' })],
    ['another site', JSON.stringify({ ...message, url: 'https://elsewhere.example/' })],
    ['a protocol-relative link', JSON.stringify({ ...message, url: '//elsewhere.example/' })],
    ['a script link', JSON.stringify({ ...message, url: 'javascript:alert(1)' })],
    ['a list', '[1,2]'],
    ['nothing', undefined],
  ])('is not shown with %s', (_, raw) => {
    expect(parsePushMessage(raw)).toBeNull();
  });
});

describe("the worker's precache of the shell", () => {
  it("reads a page's scripts and stylesheets", () => {
    const html =
      '<link rel="stylesheet" href="/_astro/BaseLayout.DiXp.css"><script type="module" src="/_astro/boot.q2t6.js"></script>' +
      '<script src="https://elsewhere.example/x.js"></script><link rel="icon" href="/favicon-shipbox.svg">';
    expect(pageFiles(html).sort()).toEqual(['_astro/BaseLayout.DiXp.css', '_astro/boot.q2t6.js']);
  });

  it('follows static imports, never the ones loaded on demand', () => {
    const source =
      'import{a as b}from"./atom.Ig7W.js";import"./side.X1.js";export{c}from"./paths.tClD.js";' +
      'const d=()=>import("./mount-toaster.DBrw.js");';
    expect(staticImports(source).sort()).toEqual(['atom.Ig7W.js', 'paths.tClD.js', 'side.X1.js']);
  });
});
