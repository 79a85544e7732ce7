import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { brands, type BrandId } from '../../src/brands/brands.ts';
import { catalogues } from '../../src/i18n/catalogues.ts';
import { createTranslator } from '../../src/i18n/i18n.ts';
import type { Lang } from '../../src/i18n/languages.ts';
import { matchPath } from '../../src/lib/routes/paths.ts';
import {
  APP_COLOURS,
  APP_ICONS,
  appManifest,
  appleTouchIconPath,
  iconPath,
  manifestHref,
} from '../../src/lib/site/app-manifest.ts';
import { drawIcon, publicFile } from '../../scripts/make-app-icons.ts';

const manifestOf = (brandId: BrandId, lang: Lang) =>
  appManifest(brands[brandId], lang, createTranslator(lang, catalogues[lang]));

/** The route a URL of the site opens, by its name. */
function routeOf(url: string): string | undefined {
  const { pathname } = new URL(url, 'https://site.example');
  const [, lang, ...rest] = pathname.split('/');
  expect(['en', 'ar']).toContain(lang);
  return matchPath(rest.join('/'), 'shipbox')?.route.name;
}

describe('web app manifest', () => {
  it('opens Shipbox on each language’s home, in that language and direction', () => {
    const en = manifestOf('shipbox', 'en');
    expect(en).toMatchObject({
      id: '/en/home',
      name: 'Shipbox',
      short_name: 'Shipbox',
      lang: 'en',
      dir: 'ltr',
      start_url: '/en/home',
      scope: '/',
      display: 'standalone',
      theme_color: '#0b5cad',
      background_color: '#ffffff',
    });
    expect(en.description).toMatch(/^Shipbox gives you shipping addresses/);
    const ar = manifestOf('shipbox', 'ar');
    expect(ar).toMatchObject({ id: '/ar/home', name: 'Shipbox', lang: 'ar', dir: 'rtl', start_url: '/ar/home' });
    expect(ar.description).toMatch(/^تمنحك Shipbox/);
    expect(ar.shortcuts.map((s) => s.name)).toEqual(['الطرود', 'الرسائل', 'ابحث عن مكتب']);
  });

  it('makes Mailbridge an English app only, with its own name and colour', () => {
    expect(manifestOf('mailbridge', 'en')).toMatchObject({
      name: 'Mailbridge',
      short_name: 'Mailbridge',
      lang: 'en',
      dir: 'ltr',
      start_url: '/en/home',
      theme_color: '#1d6b4f',
    });
    expect(() => manifestOf('mailbridge', 'ar')).toThrow(/Mailbridge has no ar app/);
    // Its Arabic URLs fall back to English, and so does their manifest.
    expect(manifestHref(brands.mailbridge, 'ar')).toBe('/manifest-en.webmanifest');
    expect(manifestHref(brands.shipbox, 'ar')).toBe('/manifest-ar.webmanifest');
  });

  it('starts on, and has shortcuts to, pages of the route table', () => {
    const manifest = manifestOf('shipbox', 'en');
    expect(routeOf(manifest.start_url)).toBe('home');
    expect(manifest.shortcuts.map((s) => [s.name, s.url])).toEqual([
      ['Packages', '/en/home/account?tab=packages'],
      ['Messages', '/en/home/account?tab=messages'],
      ['Find an office', '/en/office/office-locator'],
    ]);
    for (const shortcut of manifest.shortcuts) expect(routeOf(shortcut.url)).toBeDefined();
  });

  it('names PNG icons of 192 and 512 pixels, a maskable one and the SVG, all of the brand', () => {
    for (const brandId of ['shipbox', 'mailbridge'] as const) {
      const { icons } = manifestOf(brandId, 'en');
      expect(icons.map((i) => [i.src, i.sizes, i.type, i.purpose])).toEqual([
        [`/icons/${brandId}-192.png`, '192x192', 'image/png', 'any'],
        [`/icons/${brandId}-512.png`, '512x512', 'image/png', 'any'],
        [`/icons/${brandId}-maskable-512.png`, '512x512', 'image/png', 'maskable'],
        [`/favicon-${brandId}.svg`, 'any', 'image/svg+xml', 'any'],
      ]);
      for (const icon of icons) expect(existsSync(publicFile(icon.src)), icon.src).toBe(true);
      expect(appleTouchIconPath(brandId)).toBe(`/icons/${brandId}-apple-180.png`);
    }
  });

  it('takes its theme colour from the brand’s colour in the stylesheet', () => {
    const css = readFileSync(join(import.meta.dirname, '../../src/styles/global.css'), 'utf8');
    const brandColour = (selector: string) =>
      new RegExp(`${selector} \\{[^}]*?--brand: (#[0-9a-f]{6});`).exec(css)?.[1];
    expect(APP_COLOURS.shipbox.theme).toBe(brandColour(':root'));
    expect(APP_COLOURS.mailbridge.theme).toBe(brandColour("html\\[data-brand='mailbridge'\\]"));
  });
});

describe('app icons', () => {
  const cases = (['shipbox', 'mailbridge'] as const).flatMap((brandId) =>
    APP_ICONS.map((icon) => ({ brandId, icon, label: `${brandId} ${icon.name}` })),
  );

  it.each(cases)('$label is drawn from the favicon at its size (node scripts/make-app-icons.ts)', async (c) => {
    const committed = sharp(publicFile(iconPath(c.brandId, c.icon)));
    const { width, height, format } = await committed.metadata();
    expect([format, width, height]).toEqual(['png', c.icon.size, c.icon.size]);
    // The same pixels as the favicon drawn now (within rounding), so a changed favicon can't leave stale icons.
    const [a, b] = await Promise.all([
      committed.ensureAlpha().raw().toBuffer(),
      sharp(await drawIcon(c.brandId, c.icon))
        .ensureAlpha()
        .raw()
        .toBuffer(),
    ]);
    expect(a.length).toBe(b.length);
    let largest = 0;
    for (let i = 0; i < a.length; i++) largest = Math.max(largest, Math.abs(a[i]! - b[i]!));
    expect(largest).toBeLessThanOrEqual(2);
  });

  it.each(cases.filter((c) => c.icon.purpose !== 'any'))(
    '$label is opaque, with its mark inside the safe zone',
    async ({ brandId, icon }) => {
      const image = sharp(publicFile(iconPath(brandId, icon)));
      expect((await image.stats()).isOpaque).toBe(true);
      const { data, info } = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const theme = APP_COLOURS[brandId].theme;
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(theme.slice(i, i + 2), 16));
      // Outside the centre circle of 80% of the width, a launcher may cut anything: only the brand's colour there.
      const safe = 0.4 * info.width;
      let outside = 0;
      for (let y = 0; y < info.height; y++) {
        for (let x = 0; x < info.width; x++) {
          if (Math.hypot(x + 0.5 - info.width / 2, y + 0.5 - info.height / 2) <= safe) continue;
          const p = (y * info.width + x) * info.channels;
          const off = Math.abs(data[p]! - r!) + Math.abs(data[p + 1]! - g!) + Math.abs(data[p + 2]! - b!);
          if (off > 6) outside++;
        }
      }
      expect(outside).toBe(0);
    },
  );
});
