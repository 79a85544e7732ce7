/** What the payment sandbox's test files share: a sandbox at a fixed time, test cards and form posts. */
import { Hono } from 'hono';
import { expect } from 'vitest';
import type { CardDetails } from '../../server/payments/provider.ts';
import { mountSandbox } from '../../server/payments/sandbox/sandbox-pages.ts';
import { SandboxProvider } from '../../server/payments/sandbox/sandbox-provider.ts';

export const NOW = new Date('2026-06-15T12:00:00Z');
export const ORIGIN = 'http://localhost';
export const SECRET = 'test-secret';
export const JOD = { amountMinor: 35_000, currency: 'JOD' };
/** JOD has three decimals; Intl puts a no-break space after the code. */
export const AMOUNT = 'JOD\u00a035.000';

/** A sandbox whose time is `clock` (NOW unless told), with its pages mounted on an app of its own. */
export function sandbox(clock: () => Date = () => NOW): { provider: SandboxProvider; app: Hono } {
  const provider = new SandboxProvider({ clock, secret: SECRET });
  const app = new Hono();
  mountSandbox(app, provider);
  return { provider, app };
}

export const cvvFor = (number: string) => (number.startsWith('34') || number.startsWith('37') ? '1234' : '123');

export function card(number: string, overrides: Partial<CardDetails> = {}): CardDetails {
  return { name: 'Test Customer', number, cvv: cvvFor(number), expiryMonth: 9, expiryYear: 2030, ...overrides };
}

/** A form post from a page of this origin. */
export function postForm(
  app: Hono,
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The page carries no inline script or style: the CSP forbids them. */
export function expectCleanPage(html: string) {
  expect(html.startsWith('<!doctype html>')).toBe(true);
  expect(html).toContain('<html lang="en"');
  expect(html).toContain('Payment sandbox — no real money moves');
  expect(html).toContain('<link rel="stylesheet" href="/sandbox/assets/sandbox.css">');
  expect(html).not.toMatch(/<script(?![^>]*\ssrc=)/);
  expect(html).not.toMatch(/\sstyle=|<style/);
  expect(html).not.toMatch(/\son[a-z]+=/);
}

/** The policy header of a page without script. */
export const PAGE_POLICY =
  "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'self'; base-uri 'none'";

/** A page served whole: 200, never cached, under its own policy, clean; answers its HTML. */
export async function pageHtml(res: Response): Promise<string> {
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  expect(res.headers.get('content-security-policy')).toBe(PAGE_POLICY);
  const html = await res.text();
  expectCleanPage(html);
  return html;
}
