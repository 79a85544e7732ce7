/**
 * The installable app (issue 26, scope 1), on both brands (the shipbox and mailbridge projects): every page links
 * the manifest of its language; the manifests parse and the site is installable in Chromium, checked as
 * Lighthouse's installability audit did (the DevTools Page domain's manifest and installability errors); the
 * install banner offers installing the web app where the browser allows it, and the store link elsewhere.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support.ts';

type Lang = 'en' | 'ar';

const BRANDS = {
  shipbox: {
    name: 'Shipbox',
    theme: '#0b5cad',
    store: 'https://play.google.com/store/apps/details?id=com.shipbox.app',
  },
  mailbridge: {
    name: 'Mailbridge',
    theme: '#1d6b4f',
    store: 'https://play.google.com/store/apps/details?id=com.mailbridge.app',
  },
} as const;

const TEXT = {
  en: { banner: 'Install the app', store: 'Get the app', install: 'Install', close: 'Close the app banner' },
  ar: { banner: 'ثبّت التطبيق', store: 'حمّل التطبيق', install: 'تثبيت', close: 'أغلق إعلان التطبيق' },
} as const;

/** The brand of the project running the test. */
const brandId = () => (test.info().project.name.startsWith('mailbridge') ? 'mailbridge' : 'shipbox');
const brandLangs = (): Lang[] => (brandId() === 'mailbridge' ? ['en'] : ['en', 'ar']);

test.describe('web app manifest', () => {
  for (const lang of ['en', 'ar'] as const) {
    test(`a page in ${lang} links its language's manifest, theme colour and icon @${lang}`, async ({ page }) => {
      const brand = BRANDS[brandId()];
      await page.goto(`/${lang}/tracking/SB9000100`);
      const href = await page.locator('link[rel="manifest"]').getAttribute('href');
      expect(href).toBe(`/manifest-${lang}.webmanifest`);
      await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', brand.theme);
      const apple = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
      expect(apple).toBe(`/icons/${brandId()}-apple-180.png`);

      const res = await page.request.get(href!);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toBe('application/manifest+json');
      const manifest = (await res.json()) as { icons: { src: string; type: string }[] } & Record<string, unknown>;
      expect(manifest).toMatchObject({
        id: `/${lang}/home`,
        name: brand.name,
        short_name: brand.name,
        lang,
        dir: lang === 'ar' ? 'rtl' : 'ltr',
        start_url: `/${lang}/home`,
        scope: '/',
        display: 'standalone',
        theme_color: brand.theme,
        background_color: '#ffffff',
      });
      // Every icon it names is there, with its type.
      for (const src of [...manifest.icons.map((i) => i.src), apple!]) {
        const icon = await page.request.get(src);
        expect(icon.status(), src).toBe(200);
        expect(icon.headers()['content-type'], src).toMatch(
          src.endsWith('.svg') ? /^image\/svg\+xml\b/ : /^image\/png$/,
        );
      }
      // Where it starts is a page of the site.
      expect((await page.request.get(manifest.start_url as string)).status()).toBe(200);
    });
  }

  test("an app per language of the brand: Shipbox's Arabic app, Mailbridge's English only", async ({ page }) => {
    const arabic = await page.request.get('/manifest-ar.webmanifest');
    await page.goto('/ar/home');
    if (brandId() === 'mailbridge') {
      expect(arabic.status()).toBe(404);
      await expect(page).toHaveURL('/en/home');
      await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest-en.webmanifest');
    } else {
      expect(arabic.status()).toBe(200);
      await expect(page).toHaveURL('/ar/home');
      await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest-ar.webmanifest');
    }
  });
});

test.describe('installability', () => {
  test('the site is installable in each of its languages, as Lighthouse checked', async ({
    playwright,
    launchOptions,
    baseURL,
  }) => {
    // A browser profile of its own: a test's usual context is incognito, where nothing installs. The suite blocks
    // service workers; installing needs the site's own (/sw.js, which every page registers).
    const context = await playwright.chromium.launchPersistentContext('', {
      ...launchOptions,
      baseURL,
      serviceWorkers: 'allow',
    });
    const page = await context.newPage();
    try {
      for (const lang of brandLangs()) {
        await page.goto(`/${lang}/home`);
        await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
        const cdp = await page.context().newCDPSession(page);
        const manifest = await cdp.send('Page.getAppManifest', {});
        expect(manifest.url).toMatch(new RegExp(`/manifest-${lang}\\.webmanifest$`));
        expect(manifest.errors).toEqual([]);
        expect(JSON.parse(manifest.data ?? '{}')).toMatchObject({ lang, start_url: `/${lang}/home` });
        const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
        expect(installabilityErrors, lang).toEqual([]);
        await cdp.detach();
      }
    } finally {
      await context.close();
    }
  });
});

/** Fires what Chromium fires when it could install the site, with the customer's answer to its prompt. */
async function offerInstall(page: Page, outcome: 'accepted' | 'dismissed'): Promise<void> {
  await page.evaluate((answer) => {
    const event = new Event('beforeinstallprompt', { cancelable: true });
    const state = { prompted: 0, defaultPrevented: false };
    Object.assign(window, { installOffer: state });
    Object.assign(event, {
      prompt: () => {
        state.prompted += 1;
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome: answer, platform: 'web' }),
    });
    dispatchEvent(event);
    state.defaultPrevented = event.defaultPrevented;
  }, outcome);
}

const installOffer = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { installOffer: { prompted: number; defaultPrevented: boolean } }).installOffer,
  );

test.describe('install banner', () => {
  for (const lang of ['en', 'ar'] as const) {
    test(`offers installing the web app where the browser can, the store link elsewhere (${lang}) @${lang}`, async ({
      page,
    }) => {
      const text = TEXT[lang];
      await page.goto(`/${lang}/home`);
      const banner = page.getByRole('complementary', { name: text.banner });
      await expect(banner).toBeVisible();
      // No offer from the browser: the store's app.
      await expect(banner.getByRole('link', { name: text.store })).toHaveAttribute('href', BRANDS[brandId()].store);
      await expect(banner.getByRole('button', { name: text.install, exact: true })).toHaveCount(0);

      await offerInstall(page, 'accepted');
      expect(await installOffer(page)).toMatchObject({ defaultPrevented: true, prompted: 0 });
      const install = banner.getByRole('button', { name: text.install, exact: true });
      await expect(install).toBeVisible();
      await expect(banner.getByRole('link', { name: text.store })).toHaveCount(0);
      await expectAccessible(page);

      await install.click();
      await expect(banner).toBeHidden();
      expect((await installOffer(page)).prompted).toBe(1);
      // Installed: the banner stays away on the next pages.
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(banner).toBeHidden();
    });
  }

  test('a dismissed prompt gives the store link back, and installing from the browser menu hides the banner', async ({
    page,
  }) => {
    await page.goto('/en/home');
    const banner = page.getByRole('complementary', { name: TEXT.en.banner });
    await offerInstall(page, 'dismissed');
    await banner.getByRole('button', { name: TEXT.en.install, exact: true }).click();
    const store = banner.getByRole('link', { name: TEXT.en.store });
    await expect(store).toBeFocused();
    await expect(banner.getByRole('button', { name: TEXT.en.install, exact: true })).toHaveCount(0);
    expect((await installOffer(page)).prompted).toBe(1);

    await page.evaluate(() => dispatchEvent(new Event('appinstalled')));
    await expect(banner).toBeHidden();
  });

  test('the installed app shows no banner', async ({ page }) => {
    // Chromium can't emulate the display mode: the page is told it runs standalone, as the installed app does.
    await page.addInitScript(() => {
      const query = matchMedia.bind(window);
      window.matchMedia = (media: string) =>
        media === '(display-mode: standalone)'
          ? ({ ...query(media), media, matches: true } as MediaQueryList)
          : query(media);
    });
    await page.goto('/en/home');
    expect(await page.evaluate(() => matchMedia('(display-mode: standalone)').matches)).toBe(true);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('[data-install-banner]')).toBeHidden();
    // Not a closed banner: another tab of the browser still offers it.
    expect(await page.evaluate(() => localStorage.getItem('installBanner.closed'))).toBeNull();
  });
});
