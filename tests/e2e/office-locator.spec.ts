/**
 * The office locator (spec 1 §2.1, §2.7; spec 2 §2, §9): deep links to a country and to a place, a 404 for
 * an id of the wrong shape, the type filter, directions asked once per way of travel, the manoeuvres ten at
 * a time, the visitor's location refused, Arabic, and no request leaving the origin with the embedded map,
 * routing and words.
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { expectAccessible } from './support.ts';
import { MAP_IDLE_DELAY_MS, MAP_VIEW_MARGIN_PX } from '../../src/lib/maps/on-demand.ts';

/** Dubai Marina, near the Dubai offices. */
const NEAR_DUBAI = { latitude: 25.08, longitude: 55.14 };

function recordRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => seen.push(request));
  return seen;
}

const directionsCalls = (seen: readonly Request[]) =>
  seen.filter((r) => new URL(r.url()).pathname === '/api/v1/directions').map((r) => new URL(r.url()).searchParams);

test('a deep link to a country lists its places and draws them, asking nothing of another origin', async ({ page }) => {
  const seen = recordRequests(page);
  await page.goto('/en/office/office-locator/ae');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Offices in United Arab Emirates');
  await expect(page.getByLabel('Country')).toHaveValue('AE');
  const places = page.locator('.locator-list > li');
  await expect(places.first()).toBeVisible();
  const all = await places.count();
  expect(all).toBeGreaterThan(2);
  await expect(page.getByRole('status').filter({ hasText: `${all} places` })).toBeVisible();

  // The map and its country names, drawn from the site's own files.
  const map = page.getByRole('region', { name: 'Map of the places in United Arab Emirates' });
  await expect(map.locator('canvas')).toBeVisible();
  // The map draws in software here (no GPU): on a busy machine its first frame takes a while.
  await expect(map.locator('.places-map-label:not([hidden])').first()).toBeVisible({ timeout: 15_000 });

  // Lockers only: fewer, and each one a locker.
  await page.getByLabel('Type of place').selectOption('locker');
  await expect(places).not.toHaveCount(all);
  const lockers = await places.count();
  expect(lockers).toBeGreaterThan(0);
  expect(lockers).toBeLessThan(all);
  for (const text of await places.allInnerTexts()) expect(text).toContain('Locker');
  await expectAccessible(page);

  const origin = new URL(page.url()).origin;
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.filter((r) => !r.url().startsWith(origin) && !r.url().startsWith('data:')).map((r) => r.url())).toEqual(
    [],
  );
});

test('a deep link to a place shows its details; following links moves through the history', async ({ page }) => {
  await page.goto('/en/office/office-locator/AE/dxb');
  await expect(page.getByRole('heading', { level: 2, name: 'Dubai — DXB' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
  const details = page.getByRole('tabpanel', { name: 'Details' });
  await expect(details).toContainText('Al Quoz Industrial Area 3');
  await expect(details).toContainText('Mon–Sat');
  await expect(page).toHaveTitle(/Office details: Dubai — DXB/);
  await expectAccessible(page);

  await page.getByRole('link', { name: 'All places in United Arab Emirates' }).click();
  await expect(page).toHaveURL('/en/office/office-locator/AE');
  await page.locator('.locator-list a').first().click();
  await expect(page).toHaveURL(/\/en\/office\/office-locator\/AE\/[A-Z0-9]+$/);
  await page.goBack();
  await expect(page).toHaveURL('/en/office/office-locator/AE');
  await expect(page.getByRole('heading', { level: 2, name: 'Places' })).toBeVisible();

  // Another country from the chooser.
  await page.getByLabel('Country').selectOption('SA');
  await expect(page).toHaveURL('/en/office/office-locator/SA');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Offices in Saudi Arabia');

  // A well-shaped id that is no place.
  await page.goto('/en/office/office-locator/AE/ZZZ');
  await expect(page.getByRole('alert')).toHaveText("We couldn't find this office. Choose one from the list.");
});

test('an id of the wrong shape is a 404', async ({ page }) => {
  for (const path of [
    '/en/office/office-locator/AE/ABCD',
    '/en/office/office-locator/AE/123456',
    '/en/office/office-locator/UAE',
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
  }
  expect((await page.goto('/en/office/office-locator/AE/12345'))?.status()).toBe(200);
});

test.describe('directions with the location allowed', () => {
  test.use({ geolocation: NEAR_DUBAI, permissions: ['geolocation'] });

  test('each way of travel is asked for once, and the estimate says what it is', async ({ page }) => {
    const seen = recordRequests(page);
    await page.goto('/en/office/office-locator/AE/DXB');
    await page.getByRole('tab', { name: 'Directions' }).click();
    await expect(page.getByRole('radio', { name: 'On foot' })).toBeChecked();
    await expect(page.getByTestId('route-summary')).toContainText('km');
    await expect(page.getByRole('note')).toContainText('Direct-line estimate');
    // Only depart and arrive: no invented turns.
    await expect(page.locator('.locator-steps li')).toHaveCount(2);
    await expect.poll(() => directionsCalls(seen).length).toBe(1);

    await page.getByRole('radio', { name: 'By car' }).check();
    await expect.poll(() => directionsCalls(seen).length).toBe(2);
    await page.getByRole('radio', { name: 'On foot' }).check();
    await page.getByRole('radio', { name: 'By public transport' }).check();
    await expect.poll(() => directionsCalls(seen).length).toBe(3);
    await page.getByRole('radio', { name: 'By car' }).check();
    await page.getByRole('radio', { name: 'On foot' }).check();
    await expect(page.getByTestId('route-summary')).toBeVisible();
    expect(directionsCalls(seen).map((q) => q.get('mode'))).toEqual(['pedestrian', 'car', 'publicTransport']);
    expect(directionsCalls(seen).every((q) => q.get('from') === '25.08,55.14')).toBe(true);

    // Miles on request.
    await page.getByLabel('Distances in').selectOption('mi');
    await expect(page.getByTestId('route-summary')).toContainText('mi');
    // The route is drawn with the visitor's position on the map.
    await expect(page.getByRole('region', { name: /Map of the places/ }).locator('canvas')).toBeVisible();
    await expectAccessible(page);
  });

  test('the manoeuvres of a long route show ten at a time, in words the site writes', async ({ page }) => {
    const steps = Array.from({ length: 23 }, (_, i) => ({
      distance: 120 + i,
      duration: 60,
      name: i === 0 ? '' : `Street ${i}`,
      mode: 'walking',
      maneuver: {
        type: i === 0 ? 'depart' : i === 22 ? 'arrive' : 'turn',
        ...(i > 0 && i < 22 ? { modifier: i % 2 ? 'left' : 'right' } : {}),
        location: [55.14 + i / 1000, 25.08],
      },
    }));
    // An engine answering in the OSRM shape, as a road-network server does.
    await page.route('**/api/v1/directions?*', (route) =>
      route.fulfill({
        json: {
          code: 'Ok',
          engine: 'osrm',
          estimate: false,
          waypoints: [
            { name: '', location: [55.14, 25.08] },
            { name: '', location: [55.2232, 25.1285] },
          ],
          routes: [
            {
              distance: 3000,
              duration: 2400,
              geometry: { type: 'LineString', coordinates: steps.map((s) => s.maneuver.location) },
              legs: [{ distance: 3000, duration: 2400, steps }],
            },
          ],
        },
      }),
    );
    await page.goto('/en/office/office-locator/AE/DXB');
    await page.getByRole('tab', { name: 'Directions' }).click();
    const list = page.locator('.locator-steps li');
    await expect(list).toHaveCount(10);
    await expect(page.getByRole('note')).toHaveCount(0);
    await expect(page.getByText('Steps 1–10 of 23')).toBeVisible();
    await expect(list.nth(1)).toContainText('Turn left onto Street 1');
    await expect(page.getByRole('button', { name: 'Previous steps' })).toBeDisabled();
    await page.getByRole('button', { name: 'Next steps' }).click();
    await expect(page.getByText('Steps 11–20 of 23')).toBeVisible();
    await expect(page.locator('.locator-steps')).toHaveAttribute('start', '11');
    await page.getByRole('button', { name: 'Next steps' }).click();
    await expect(page.getByText('Steps 21–23 of 23')).toBeVisible();
    await expect(list).toHaveCount(3);
    await expect(page.getByRole('button', { name: 'Next steps' })).toBeDisabled();
    await page.getByRole('button', { name: 'Previous steps' }).click();
    await expect(page.getByText('Steps 11–20 of 23')).toBeVisible();
  });

  test('the Arabic locator reads right to left, with its own words for the way', async ({ page }) => {
    await page.goto('/ar/office/office-locator/AE');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('المكاتب في الإمارات العربية المتحدة');
    // Country names on the map are the browser's text: Arabic, right to left.
    const map = page.getByRole('region', { name: 'خريطة الأماكن في الإمارات العربية المتحدة' });
    const label = map.locator('.places-map-label:not([hidden]) > span').first();
    // The software-drawn map's first frame, on a busy machine.
    await expect(label).toBeVisible({ timeout: 15_000 });
    await expect(label).toHaveAttribute('dir', 'rtl');
    await expect(label).toHaveText(/\p{Script=Arabic}/u);
    // Inside the map, not pushed off it.
    const [box, area] = await Promise.all([label.boundingBox(), map.boundingBox()]);
    expect(box!.x).toBeGreaterThanOrEqual(area!.x);
    expect(box!.x + box!.width).toBeLessThanOrEqual(area!.x + area!.width);
    await expectAccessible(page);
    await page.getByRole('link', { name: 'دبي — DXB' }).click();
    await expect(page).toHaveURL('/ar/office/office-locator/AE/DXB');
    await expect(page.getByRole('heading', { level: 2, name: 'دبي — DXB' })).toBeVisible();
    await page.getByRole('tab', { name: 'الاتجاهات' }).click();
    await expect(page.getByRole('radio', { name: 'سيرًا على الأقدام' })).toBeChecked();
    await expect(page.getByRole('note')).toContainText('تقدير بخط مستقيم');
    await expectAccessible(page);
  });
});

test('directions without the location allowed say why, and offer to try again', async ({ page, context }) => {
  await context.clearPermissions();
  const seen = recordRequests(page);
  await page.goto('/en/office/office-locator/AE/DXB');
  await page.getByRole('tab', { name: 'Directions' }).click();
  await expect(page.getByRole('alert')).toContainText("We can't give directions without your location.");
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  expect(directionsCalls(seen)).toHaveLength(0);
  await expectAccessible(page);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

  test('the list comes first; the map below it holds its place and comes when the page is idle', async ({ page }) => {
    // Every layout shift and when, as Lighthouse's CLS adds them up (those right after input excepted). The heading
    // settling on the country's name can shift the page before the list shows; what counts here is the map's arrival.
    await page.addInitScript(() => {
      const shifts: { value: number; at: number }[] = [];
      (window as unknown as { shifts: typeof shifts }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) shifts.push({ value: entry.value, at: entry.startTime });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const mapFiles: string[] = [];
    page.on('request', (r) => {
      if (/PlacesMap|maplibre|countries-50m/.test(r.url())) mapFiles.push(r.url());
    });
    await page.goto('/en/office/office-locator/AE', { waitUntil: 'networkidle' });
    await expect(page.locator('.locator-list > li').first()).toBeVisible();

    // Below the fold: a box of the map's size saying the map is coming, and none of the map's files yet.
    const placeholder = page.locator('.places-map-placeholder');
    await expect(placeholder.getByRole('status')).toHaveText('Loading the map…');
    const box = (await placeholder.boundingBox())!;
    expect(box.y).toBeGreaterThan(823 + MAP_VIEW_MARGIN_PX);
    // Nothing of the map asked for before the idle path's time (a busy machine may reach it before the network rests).
    const early = await page.evaluate((delay) => {
      const [nav] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      const loaded = nav && nav.loadEventEnd > 0 ? nav.loadEventEnd : performance.now();
      return performance
        .getEntriesByType('resource')
        .filter((e) => /PlacesMap|maplibre|countries-50m/.test(e.name) && e.startTime < loaded + delay - 100)
        .map((e) => e.name);
    }, MAP_IDLE_DELAY_MS);
    expect(early).toEqual([]);
    const placeholderShown = await page.evaluate(() => performance.now());
    await expectAccessible(page);

    // Left alone, the page fetches the map once idle; it takes the box's place exactly and nothing moves.
    const map = page.getByRole('region', { name: 'Map of the places in United Arab Emirates' });
    await expect(map.locator('canvas')).toBeAttached({ timeout: 20_000 });
    expect(mapFiles.length).toBeGreaterThan(0);
    await expect(placeholder).toHaveCount(0);
    expect(await map.boundingBox()).toEqual(box);
    const shifts = await page.evaluate(() => (window as unknown as { shifts: { value: number; at: number }[] }).shifts);
    expect(shifts.filter((shift) => shift.at >= placeholderShown)).toEqual([]);
  });
});
