import { createServer, type Server } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { BACKENDS, createTestApp, type TestApp } from './harness.ts';
import { outboxEmails } from '../../server/db/schema.ts';
import { SmtpMailer, redactLink } from '../../server/mail/mailer.ts';
import { brands } from '../../src/brands/brands.ts';

interface Received {
  from: string;
  to: string[];
  data: string;
}

/** Just enough of an SMTP server to take messages (RFC 5321 without extensions). */
async function fakeSmtp(): Promise<{ server: Server; port: number; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((socket) => {
    let buffer = '';
    let message: Received | null = null;
    let inData = false;
    socket.setEncoding('utf8');
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData && message) {
          if (line === '.') {
            inData = false;
            received.push(message);
            socket.write('250 queued\r\n');
          } else message.data += `${line.startsWith('.') ? line.slice(1) : line}\r\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 fake\r\n');
        else if (verb === 'MAIL') {
          message = { from: line.replace(/^MAIL FROM:\s*/i, ''), to: [], data: '' };
          socket.write('250 ok\r\n');
        } else if (verb === 'RCPT') {
          message?.to.push(line.replace(/^RCPT TO:\s*/i, ''));
          socket.write('250 ok\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { server, port: typeof address === 'object' && address ? address.port : 0, received };
}

/** Quoted-printable soft breaks and escapes undone, enough for ASCII text. */
const unQuote = (text: string) =>
  text.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
const LINK = `https://www.shipbox.example/en/account/change-password?q=${TOKEN}`;

describe('redactLink', () => {
  it('replaces the token and nothing else', () => {
    expect(redactLink(LINK)).toBe('https://www.shipbox.example/en/account/change-password?q=[redacted]');
    expect(redactLink('https://a.example/x?lang=en&q=abc#top')).toBe('https://a.example/x?lang=en&q=[redacted]#top');
  });
});

describe.each(BACKENDS)('SMTP mailer on %s', (backend) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof fakeSmtp>>;
  const logs: string[] = [];
  const logger = pino(
    { level: 'error' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs.push(chunk.toString());
        done();
      },
    }),
  );

  beforeAll(async () => {
    t = await createTestApp(backend, { seed: false });
    smtp = await fakeSmtp();
  });
  afterAll(async () => {
    await new Promise((resolve) => smtp.server.close(resolve));
    await t.close();
  });

  const mailer = (smtpUrl: string) =>
    new SmtpMailer({
      db: t.database.db,
      clock: t.clock,
      brand: brands.shipbox,
      logger,
      from: 'no-reply@shipbox.example',
      smtpUrl,
    });

  it('delivers the mail through the server and records it, sent, without a usable link', async () => {
    const smtpMailer = mailer(`smtp://127.0.0.1:${smtp.port}`);
    await smtpMailer.send({ to: 'dana@example.com', kind: 'reset-password', langCode: 'en', link: LINK });
    await smtpMailer.close();

    expect(smtp.received).toHaveLength(1);
    const [message] = smtp.received;
    expect(message!.from).toBe('<no-reply@shipbox.example>');
    expect(message!.to).toEqual(['<dana@example.com>']);
    expect(message!.data).toMatch(/^Subject: Reset your Shipbox password\r$/m);
    expect(unQuote(message!.data)).toContain(`\r\n${LINK}\r\n`);

    const rows = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, 'dana@example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'reset-password', subject: 'Reset your Shipbox password' });
    expect(rows[0]!.sentAt).toEqual(t.clock());
    expect(rows[0]!.link).toBe(redactLink(LINK));
    expect(rows[0]!.body).toContain(redactLink(LINK));
    expect(JSON.stringify(rows)).not.toContain(TOKEN);
  });

  it('leaves sent_at empty and logs, without the link, when the server is unreachable', async () => {
    const closed = await fakeSmtp();
    await new Promise((resolve) => closed.server.close(resolve));
    const smtpMailer = mailer(`smtp://127.0.0.1:${closed.port}`);
    // The send answers the record's id: it succeeds, and the delivery after it fails.
    await expect(
      smtpMailer.send({ to: 'omar@example.com', kind: 'activation', langCode: 'ar', link: LINK }),
    ).resolves.toBeTypeOf('number');
    await smtpMailer.close();

    const [row] = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, 'omar@example.com'));
    expect(row).toMatchObject({ kind: 'activation', langCode: 'ar', sentAt: null });
    expect(logs.join('')).toContain('e-mail not delivered');
    expect(logs.join('')).not.toContain(TOKEN);
  });

  it("within a transaction, delivers only once it commits, and nothing of one that doesn't", async () => {
    const smtpMailer = mailer(`smtp://127.0.0.1:${smtp.port}`);
    const before = smtp.received.length;
    const alert = (to: string) => ({
      to,
      kind: 'held-for-charges' as const,
      langCode: 'en' as const,
      link: 'https://www.shipbox.example/en/pending-payments',
      values: { package: 'Vitamins', awb: 'SB8000001', total: '$12.00' },
    });
    // Committed: the record is there when the delivery marks it sent.
    let commit!: () => void;
    const committed = new Promise<void>((resolve) => (commit = resolve));
    await t.database.db.transaction(async (tx) => {
      await smtpMailer.send(alert('kept@example.com'), { db: tx, committed });
    });
    commit();
    // Rolled back: no record, no delivery.
    let abort!: (reason: unknown) => void;
    const rolledBack = new Promise<void>((_resolve, reject) => (abort = reject));
    await expect(
      t.database.db.transaction(async (tx) => {
        await smtpMailer.send(alert('dropped@example.com'), { db: tx, committed: rolledBack });
        throw new Error('the work it reports failed');
      }),
    ).rejects.toThrow('the work it reports failed');
    abort(new Error('rolled back'));
    await smtpMailer.close();

    expect(smtp.received.slice(before).map((m) => m.to)).toEqual([['<kept@example.com>']]);
    const rows = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.kind, 'held-for-charges'));
    expect(rows.map((r) => [r.toAddress, r.sentAt])).toEqual([['kept@example.com', t.clock()]]);
    expect(rows[0]!.body).toContain(
      'Your shipment Vitamins (tracking number SB8000001) is held until its charges of $12.00',
    );
  });
});
