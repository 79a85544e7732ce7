/**
 * The visitor site beyond the informational articles (spec 1 §2.5, §2.7): FAQs, service updates, banners and
 * the home carousel, country rates, the shopping directory, the logged-in customer-support variant and the
 * flex article's live plans, on Shipbox in English and Arabic.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support.ts';
import { currencyExponent } from '../../src/lib/payments/money.ts';
import { items, pageTitle } from './content.ts';

const ORIGIN = 'https://www.shipbox.example';
const shops = JSON.parse(readFileSync('src/content/data/shops.json', 'utf8')) as {
  countryCode: string;
  name: string;
}[];

async function bannerClicks(page: Page): Promise<unknown[]> {
  return page.evaluate(() => (window.dataLayer ?? []).filter((e) => (e as { event?: string }).event === 'bannerClick'));
}

for (const lang of ['en', 'ar'] as const) {
  test(`${lang}: the FAQ list opens each answer by id, which sends a banner click`, async ({ page }) => {
    const faqs = items('faqs', lang);
    expect(faqs.length).toBeGreaterThan(10);
    await page.goto(`/${lang}/faqs`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pageTitle(lang, 'faqs'));
    const links = page.locator('.item-list .item-title a');
    await expect(links).toHaveText(faqs.map((f) => f.subject));
    await expect(await bannerClicks(page)).toEqual([]);
    await expectAccessible(page);

    const [first] = faqs;
    if (!first) throw new Error('no FAQs');
    await links.first().click();
    const path = `/${lang}/faqs/${first.id}/${first.slug}`;
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.subject);
    await expect(page).toHaveTitle(`${first.subject} | Shipbox`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', ORIGIN + path);
    await expect
      .poll(() => bannerClicks(page))
      .toEqual([{ event: 'bannerClick', id: String(first.id), subject: first.subject }]);
    await expectAccessible(page);
    await page
      .getByRole('navigation', { name: lang === 'en' ? 'You are here' : 'أنت هنا' })
      .getByRole('link')
      .click();
    await expect(page).toHaveURL(`/${lang}/faqs`);
  });

  test(`${lang}: service updates list 10 a page, newest first, with a page for the rest`, async ({ page }) => {
    const updates = items('service-updates', lang);
    expect(updates.length).toBeGreaterThan(10);
    await page.goto(`/${lang}/service-updates`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pageTitle(lang, 'service-updates'));
    const titles = page.locator('.item-list .item-title a');
    await expect(titles).toHaveText(updates.slice(0, 10).map((u) => u.subject));
    await expect(page.locator('.item-list time').first()).toHaveAttribute('datetime', updates[0]?.date ?? '');
    await expectAccessible(page);

    await page.locator('.pager-links a[rel="next"]').click();
    await expect(page).toHaveURL(`/${lang}/service-updates/page/2`);
    await expect(titles).toHaveText(updates.slice(10, 20).map((u) => u.subject));
    await expect(page.locator('.pager-links a[aria-current="page"]')).toHaveAttribute(
      'href',
      `/${lang}/service-updates/page/2`,
    );

    const last = updates[updates.length - 1];
    if (!last) throw new Error('no updates');
    await page.getByRole('link', { name: last.subject }).click();
    await expect(page).toHaveURL(`/${lang}/service-updates/${last.id}/${last.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(last.subject);
    await expect.poll(() => bannerClicks(page)).toHaveLength(1);
    await expectAccessible(page);
  });

  test(`${lang}: country rates come in three collapsible sections`, async ({ page }) => {
    const rates = JSON.parse(readFileSync('src/content/data/country-rates.json', 'utf8')) as unknown[];
    await page.goto(`/${lang}/about/country-rate`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pageTitle(lang, 'country-rate-top'));
    const sections = page.locator('details.collapsible');
    await expect(sections).toHaveCount(3);
    await expect(page.locator('.rate-table tbody tr')).toHaveCount(rates.length);
    await expect(page.locator('main')).not.toContainText(/country\.[A-Z]{2}/);
    const rateSection = sections.nth(1);
    await expect(rateSection.locator('table').first()).toBeVisible();
    await rateSection.locator('summary').click();
    await expect(rateSection.locator('table').first()).toBeHidden();
    await sections.nth(2).locator('summary').click();
    await expect(sections.nth(2).locator('p').first()).toBeVisible();
    await expectAccessible(page);
  });

  test(`${lang}: the shopping directory filters by country, the placeholder first`, async ({ page }) => {
    await page.goto(`/${lang}/features/shopping-directory`);
    const select = page.locator('#shop-country');
    await expect(select.locator('option').first()).toHaveAttribute('value', '');
    const stores = page.locator('.shop-list > li');
    await expect(stores).toHaveCount(shops.length);
    await expect(page.locator('.shop-list > li:visible')).toHaveCount(shops.length);
    await expect(page.locator('main')).not.toContainText(/country\.[A-Z]{2}/);
    await expectAccessible(page);

    const gb = shops.filter((s) => s.countryCode === 'GB').length;
    expect(gb).toBeGreaterThan(0);
    await select.selectOption('GB');
    await expect(page).toHaveURL(`/${lang}/features/shopping-directory?countryCode=GB`);
    await expect(page.locator('.shop-list > li:visible')).toHaveCount(gb);
    await expect(page.locator('[data-shop-count]')).toContainText(String(gb));

    const us = shops.filter((s) => s.countryCode === 'US').length;
    await page.goto(`/${lang}/features/shopping-directory?countryCode=us`);
    await expect(select).toHaveValue('US');
    await expect(page.locator('.shop-list > li:visible')).toHaveCount(us);
    await select.selectOption('');
    await expect(page.locator('.shop-list > li:visible')).toHaveCount(shops.length);
    await expect(page).toHaveURL(`/${lang}/features/shopping-directory`);
  });
}

test.describe('home carousel (spec 2 §9: 5, 4, 3, 2, 1 slides)', () => {
  const widths = [
    [1280, 5],
    [1200, 5],
    [992, 4],
    [800, 3],
    [700, 3],
    [600, 2],
    [490, 2],
    [320, 1],
  ] as const;
  for (const [width, expected] of widths) {
    test(`${expected} slides in view at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/en/home');
      const carousel = page.locator('[data-carousel]');
      await expect(carousel).toHaveClass(/is-enhanced/);
      const inView = await carousel.evaluate((root) => {
        const viewport = root.querySelector('[data-carousel-viewport]')?.getBoundingClientRect();
        if (!viewport) return -1;
        return [...root.querySelectorAll('.carousel-slide')].filter((slide) => {
          const r = slide.getBoundingClientRect();
          return r.left >= viewport.left - 1 && r.right <= viewport.right + 1;
        }).length;
      });
      expect(inView).toBe(expected);
    });
  }

  for (const lang of ['en', 'ar'] as const) {
    test(`${lang}: next and previous move a page of slides; a slide opens its banner`, async ({ page }) => {
      const banners = items('banners', lang);
      await page.setViewportSize({ width: 800, height: 900 });
      await page.goto(`/${lang}/home`);
      const slides = page.locator('.carousel-slide');
      await expect(slides).toHaveCount(banners.length);
      await expect(slides.first()).toContainText(banners[0]?.loggedOutBanner?.title ?? '');
      const prev = page.locator('[data-carousel-prev]');
      const next = page.locator('[data-carousel-next]');
      await expect(prev).toBeDisabled();
      const firstBox = await slides.nth(3).boundingBox();
      await next.click();
      await expect(prev).toBeEnabled();
      await expect.poll(async () => (await slides.nth(3).boundingBox())?.x).not.toBe(firstBox?.x);
      await expectAccessible(page);

      const banner = banners[0];
      if (!banner) throw new Error('no banners');
      await prev.click();
      await slides.first().getByRole('link').click();
      await expect(page).toHaveURL(`/${lang}/single-banner/${banner.id}/${banner.slug}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(banner.subject);
      await expect
        .poll(() => bannerClicks(page))
        .toEqual([{ event: 'bannerClick', id: String(banner.id), subject: banner.subject }]);
      await expectAccessible(page);
    });
  }
});

test('an article reads without JavaScript, widgets included', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/en/about/what-is-shipbox');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(pageTitle('en', 'what-is'));
  await expect(page.locator('.article p').first()).toBeVisible();
  const faq = items('faqs', 'ar')[0];
  await page.goto(`/ar/faqs/${faq?.id}/${faq?.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(faq?.subject ?? '');
  await context.close();
});

test('unknown ids, subjects and pages are not found; the sitemap lists FAQs, updates and banners', async ({ page }) => {
  const faq = items('faqs', 'en')[0];
  for (const path of [
    '/en/faqs/99999/nothing-here',
    `/en/faqs/${faq?.id}/another-subject`,
    '/en/service-updates/page/9',
    '/en/single-banner/1/x',
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
  }
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  for (const lang of ['en', 'ar']) {
    for (const f of items('faqs', lang)) expect(sitemap).toContain(`${ORIGIN}/${lang}/faqs/${f.id}/${f.slug}</loc>`);
    for (const b of items('banners', lang))
      expect(sitemap).toContain(`${ORIGIN}/${lang}/single-banner/${b.id}/${b.slug}</loc>`);
    expect(sitemap).toContain(`${ORIGIN}/${lang}/service-updates/page/2</loc>`);
  }
});

test('customer support shows its account variant to a logged-in customer', async ({ page }) => {
  await page.goto('/en/customer-support');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(pageTitle('en', 'customer-support'));
  await page.goto('/en/login');
  await page.getByLabel('Email').fill('demo@example.com');
  await page.getByLabel('Password').fill('Demo!2345');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL('/en/home/account');
  await page.goto('/en/customer-support');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(pageTitle('en', 'customer-support-account'));
  await expectAccessible(page);
});

test('the flex article shows the plans in display order with the best-value marks', async ({ page }) => {
  await page.goto('/en/about/shipbox-flex');
  const cards = page.locator('.plan-card');
  await expect(page.locator('.flex-plans-scope')).toHaveText(/Standard prices/);
  await expect(cards.locator('.plan-name')).toHaveText([
    'Basic',
    'Flex monthly',
    /Flex (annual|lifetime)/,
    /Flex (annual|lifetime)/,
  ]);
  await expect(cards.filter({ hasText: 'Best value' })).toHaveCount(2);
  await expect(cards.nth(1).locator('.price-decimals')).toHaveText(/^\.\d\d$/);
  await expectAccessible(page);
});

test('a logged-in customer sees the plans of their own country on the flex article', async ({ page }) => {
  const plans = JSON.parse(readFileSync('src/content/data/plans.json', 'utf8')) as {
    countryCode: string;
    plans: { planId: number; amount: number; currencyCode: string }[];
  }[];
  const jordan = plans.find((p) => p.countryCode === 'JO');
  const monthly = jordan?.plans.find((p) => p.planId === 3);
  if (!monthly) throw new Error('no Jordanian monthly plan');
  await page.goto('/en/login');
  await page.getByLabel('Email').fill('demo@example.com');
  await page.getByLabel('Password').fill('Demo!2345');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL('/en/home/account');
  await page.goto('/en/about/shipbox-flex');
  // The plans update once scrolled into view (the island hydrates when visible).
  await page.locator('.flex-plans').scrollIntoViewIfNeeded();
  await expect(page.locator('.flex-plans-scope')).toHaveText('Prices for customers in Jordan.');
  // The plan's currency's own decimals (the dinar has three), as money is written everywhere.
  const [whole = '', decimals = ''] = monthly.amount.toFixed(currencyExponent(monthly.currencyCode)).split('.');
  await expect(page.locator('.plan-card[data-plan="3"] .price-whole')).toHaveText(whole);
  await expect(page.locator('.plan-card[data-plan="3"] .price-decimals')).toHaveText(`.${decimals}`);
});
