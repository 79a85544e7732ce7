/**
 * The content editor at /admin (issue 27), in Chromium, against a server of its own: a copy of the content and of
 * the built sites, the editor on with the local backend. An editor changes an FAQ's Arabic summary, publishes, and
 * a visitor reads the new text on the /ar FAQ page and in GET api/articles, with no restart in between.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';

const ROOT = join(import.meta.dirname, '..', '..');
const PORT = Number(process.env.E2E_PORT ?? 4410) + 7;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const FAQ_FILE = 'faqs/ar/can-i-combine-my-parcels.md';
const FAQ_PAGE = '/ar/faqs/108/can-i-combine-my-parcels';

let work: string;
let server: ChildProcess | undefined;
let serverLog = '';

/** How long the server may take to start: beside the rest of the suite on a slow 2-core machine, over 30 s. */
const START_MS = 120_000;

async function waitForHealth(): Promise<void> {
  const until = Date.now() + START_MS;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${ORIGIN}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The editor's server did not start:\n${serverLog}`);
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(START_MS + 60_000);
  work = mkdtempSync(join(tmpdir(), 'editor-e2e-'));
  cpSync(join(ROOT, 'src', 'content'), join(work, 'src', 'content'), { recursive: true });
  for (const folder of ['shipbox', 'mailbridge', 'editor']) {
    cpSync(join(ROOT, 'dist', folder), join(work, 'dist', folder), { recursive: true });
  }
  server = spawn(process.execPath, [join(ROOT, 'server', 'main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      BRAND: 'shipbox',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: 'memory://',
      DIST_DIR: join(work, 'dist', 'shipbox'),
      CONTENT_DIR: join(work, 'src', 'content'),
      EDITOR: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    serverLog = (serverLog + chunk.toString()).slice(-20_000);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  await waitForHealth();
});

test.afterAll(async () => {
  if (server?.pid !== undefined && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(work, { recursive: true, force: true });
});

async function openEditor(page: Page): Promise<void> {
  await page.goto(`${ORIGIN}/admin/`);
  // The local backend needs no account: its login button opens the editor.
  await page.getByRole('button', { name: /login/i }).click();
  await expect(page.getByTestId('faqs')).toBeVisible({ timeout: 30_000 });
}

const arabicSummaryFromApi = async (): Promise<string | undefined> => {
  const res = await fetch(`${ORIGIN}/api/articles?subCategory=faqs&language=ar&scope=shipbox&pagesize=20`);
  const body = (await res.json()) as { articles: { articleKey: string; summary: string }[] };
  return body.articles.find((a) => a.articleKey === 'can-i-combine-my-parcels')?.summary;
};

test('an editor changes an FAQ in Arabic, publishes, and the site and the API say the new text', async ({ page }) => {
  // Publishing builds both brands' sites: about 20 s alone, longer beside the rest of the suite.
  test.setTimeout(300_000);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
  });
  const summary = `ملخص جديد من المحرر رقم ${Date.now() % 100_000}`;
  expect(await arabicSummaryFromApi()).not.toBe(summary);

  await openEditor(page);
  await page.goto(`${ORIGIN}/admin/#/collections/faqs/entries/can-i-combine-my-parcels`);
  // Both languages side by side: the Arabic pane's summary is the second, and reads right to left.
  const summaries = page.getByRole('textbox', { name: 'Summary' });
  await expect(summaries).toHaveCount(2, { timeout: 30_000 });
  const arabic = summaries.nth(1);
  await expect(arabic).toHaveValue(/الطرود/);
  await expect(arabic).toHaveCSS('direction', 'rtl');
  await arabic.fill(summary);

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByText('Publish now', { exact: true }).click();
  const status = page.getByRole('status').filter({ hasText: /Publish|Published/ });
  await expect(status).toContainText('Published', { timeout: 240_000 });

  // The file, as the build and the API read it.
  const file = readFileSync(join(work, 'src', 'content', FAQ_FILE), 'utf8');
  expect(file).toContain(`summary: ${summary}`);
  // The help box's API without a restart.
  expect(await arabicSummaryFromApi()).toBe(summary);
  // The rebuilt Arabic FAQ page and list.
  await page.goto(`${ORIGIN}/ar/faqs`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByText(summary)).toBeVisible();
  // The FAQ's own page describes itself with it.
  await page.goto(`${ORIGIN}${FAQ_PAGE}`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', summary);
  // No policy violation or script error on the way.
  expect(errors).toEqual([]);
});

test('what the build would refuse is not saved, and the site keeps its text', async ({ page }) => {
  const before = readFileSync(join(work, 'src', 'content', FAQ_FILE), 'utf8');
  await openEditor(page);
  await page.goto(`${ORIGIN}/admin/#/collections/faqs/entries/can-i-combine-my-parcels`);
  const slug = page.getByRole('textbox', { name: 'Slug' }).first();
  await expect(slug).toBeVisible({ timeout: 30_000 });
  await slug.fill('Not A Slug!');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByText('Publish now', { exact: true }).click();
  // Decap refuses to save and says which field.
  await expect(page.getByText(/lowercase letters, digits and hyphens/i).first()).toBeVisible();
  expect(readFileSync(join(work, 'src', 'content', FAQ_FILE), 'utf8')).toBe(before);
});
