import { describe, expect, it } from 'vitest';
import { sitemapXml } from '../../src/lib/routes/sitemap.ts';
import { plainText, withBrand } from '../../src/lib/content/articles.ts';

describe('sitemap', () => {
  const site = { origin: 'https://www.shipbox.example', brandSlug: 'shipbox', languages: ['en', 'ar'] as const };
  const xml = sitemapXml(site, [
    'en/home.html',
    'ar/home.html',
    'en/about/what-is-shipbox.html',
    'ar/about/what-is-shipbox.html',
    'en/privacy-policy.html',
    'en/404.html',
    'en/login.html',
    'en/home/account.html',
    'en/signup/profile.html',
    'en/account/message.html',
    'fr/home.html',
    'index.html',
  ]);

  it('lists the open pages of each language with their alternates', () => {
    expect(xml).toContain('<loc>https://www.shipbox.example/en/about/what-is-shipbox</loc>');
    expect(xml).toContain('<loc>https://www.shipbox.example/ar/about/what-is-shipbox</loc>');
    expect(xml).toContain(
      '<xhtml:link rel="alternate" hreflang="ar" href="https://www.shipbox.example/ar/about/what-is-shipbox"/>',
    );
    expect(xml).toContain('<loc>https://www.shipbox.example/en/home</loc>');
    expect(xml).toContain('<loc>https://www.shipbox.example/en/privacy-policy</loc>');
    // A page built in one language only has no alternate in the other.
    expect(xml).not.toContain('https://www.shipbox.example/ar/privacy-policy');
  });

  it('leaves out the 404, login, account, signup pages, shells and unknown languages', () => {
    for (const path of [
      '/en/404',
      '/en/login',
      '/en/home/account',
      '/en/signup/profile',
      '/en/account/message',
      '/fr/',
    ]) {
      expect(xml).not.toContain(`https://www.shipbox.example${path}<`);
    }
    expect(xml.match(/<url>/g)).toHaveLength(5);
  });
});

describe('printable copies', () => {
  it('turn Markdown into plain text', () => {
    expect(plainText('Intro with **bold** and a [link](/x).\n\n## Items\n\n- one\n- *two*\n\n\n\nEnd')).toBe(
      'Intro with bold and a link.\n\nITEMS\n-----\n\n• one\n• two\n\nEnd\n',
    );
  });
  it('name the brand in titles', () => {
    expect(withBrand('What is {brand}', 'Mailbridge')).toBe('What is Mailbridge');
  });
});
