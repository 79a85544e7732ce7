/**
 * GET /dev/outbox and /dev/outbox.json: the e-mails of the outbox table, newest first, so a developer or a
 * browser test can open an activation or reset link without a mail server. Only with DEV_TOOLS on: these
 * rows hold live links to any account.
 */
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Hono } from 'hono';
import type { Db } from '../db/database.ts';
import { systemClock, type Clock } from '../clock.ts';
import { mountDemoCustomers } from './demo-customers.ts';
import { mountShipmentStatus } from './shipment-status.ts';
import type { PushSender } from '../push/push-sender.ts';
import { outboxEmails, type OutboxKind } from '../db/schema.ts';
import { dirOf, isLang } from '../../src/i18n/languages.ts';

const LIMIT = 200;
const KINDS: readonly OutboxKind[] = [
  'activation',
  'reactivation',
  'reset-password',
  'wallet-option-added',
  'wallet-option-removed',
  'wallet-autopay-on',
  'wallet-autopay-off',
  'shipments-paid',
  'package-arrived',
  'storage-3-days',
  'storage-1-day',
  'held-for-charges',
  'new-device',
];

export interface OutboxEntry {
  id: number;
  to: string;
  kind: OutboxKind;
  langCode: string;
  subject: string;
  body: string;
  link: string;
  createdAt: string;
  sentAt: string | null;
}

async function entries(db: Db, filter: { to?: string | undefined; kind?: string | undefined }): Promise<OutboxEntry[]> {
  const where: SQL[] = [];
  if (filter.to) where.push(eq(outboxEmails.toAddress, filter.to.trim().toLowerCase()));
  if (filter.kind && (KINDS as readonly string[]).includes(filter.kind)) {
    where.push(eq(outboxEmails.kind, filter.kind as OutboxKind));
  }
  const rows = await db
    .select()
    .from(outboxEmails)
    .where(and(...where))
    .orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id))
    .limit(LIMIT);
  return rows.map((r) => ({
    id: r.id,
    to: r.toAddress,
    kind: r.kind,
    langCode: r.langCode,
    subject: r.subject,
    body: r.body,
    link: r.link,
    createdAt: r.createdAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
  }));
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

/** Only http(s) links become anchors; anything else is shown as text. */
const safeHref = (link: string) => /^https?:\/\//i.test(link);

function page(rows: OutboxEntry[]): string {
  const body = rows
    .map((r) => {
      const dir = isLang(r.langCode) ? dirOf(r.langCode) : 'ltr';
      const link = safeHref(r.link) ? `<a href="${escapeHtml(r.link)}">${escapeHtml(r.link)}</a>` : escapeHtml(r.link);
      return [
        '<tr>',
        `<td>${escapeHtml(r.to)}</td>`,
        `<td>${escapeHtml(r.kind)}</td>`,
        `<td>${escapeHtml(r.langCode)}</td>`,
        `<td lang="${escapeHtml(r.langCode)}" dir="${dir}">${escapeHtml(r.subject)}</td>`,
        `<td><time datetime="${r.createdAt}">${r.createdAt.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')}</time></td>`,
        `<td>${link}</td>`,
        '</tr>',
      ].join('');
    })
    .join('\n');
  const table = rows.length
    ? `<table>
<caption>E-mails, newest first</caption>
<thead><tr><th scope="col">To</th><th scope="col">Kind</th><th scope="col">Language</th><th scope="col">Subject</th><th scope="col">Created</th><th scope="col">Link</th></tr></thead>
<tbody>
${body}
</tbody>
</table>`
    : '<p>No e-mails yet.</p>';
  return `<!doctype html>
<html lang="en" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; base-uri 'none'; form-action 'none'">
<meta name="robots" content="noindex">
<title>Outbox (dev tools)</title>
</head>
<body>
<main>
<h1>Outbox</h1>
<p>E-mails the app has sent, as they would arrive. Development only.</p>
${table}
</main>
</body>
</html>
`;
}

/**
 * Mounts the viewer when `enabled`, with the demo customers and, given the push sender, the shipment status changer;
 * either way nothing else answers under /dev.
 */
export function mountDevTools(
  app: Hono,
  db: Db,
  enabled: boolean,
  clock: Clock = systemClock,
  push?: PushSender,
): void {
  if (enabled) {
    mountDemoCustomers(app, db, clock);
    if (push) mountShipmentStatus(app, { db, clock, push, brand: push.brand });
    app.get('/dev/outbox', async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.html(page(await entries(db, {})));
    });
    app.get('/dev/outbox.json', async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ emails: await entries(db, { to: c.req.query('to'), kind: c.req.query('kind') }) });
    });
  }
  app.all('/dev/*', (c) => c.text('Not found', 404));
}
