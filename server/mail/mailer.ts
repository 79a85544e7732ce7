/**
 * Sending the product's e-mails. Embedded, the outbox table is the mailbox (read it at /dev/outbox); with an
 * SMTP server, mails are delivered through it and the table keeps a record of them.
 */
import { eq } from 'drizzle-orm';
import { createTransport, type Transporter } from 'nodemailer';
import type { Brand } from '../../src/brands/brands.ts';
import type { Lang } from '../../src/i18n/languages.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { outboxEmails, type OutboxKind } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import { composeMail, type MailContent } from './mail-content.ts';

export interface OutgoingMail {
  to: string;
  kind: OutboxKind;
  langCode: Lang;
  /** Absolute URL the e-mail carries. */
  link: string;
  /** Facts the mail's text names besides the brand and the link (a package, a date, an amount), already formatted. */
  values?: Readonly<Record<string, string>>;
}

/**
 * A mail written as part of the caller's transaction: its record is written with `db`, and it is delivered only once
 * `committed` resolves (never if it rejects), so a mail and what it reports are kept or dropped together.
 */
export interface MailTransaction {
  db: Db;
  committed: Promise<unknown>;
}

export interface Mailer {
  /** Writes the mail's record (the outbox) and delivers it; answers the record's id. */
  send(mail: OutgoingMail, within?: MailTransaction): Promise<number>;
  /** Waits for deliveries under way and lets go of connections. */
  close?(): Promise<void>;
}

export interface MailerDeps {
  db: Db;
  clock: Clock;
  brand: Brand;
}

/** The embedded default: the mail is a row of the outbox, link included, for the developer to open. */
export class OutboxMailer implements Mailer {
  private readonly deps: MailerDeps;

  constructor(deps: MailerDeps) {
    this.deps = deps;
  }

  async send(mail: OutgoingMail, within?: MailTransaction): Promise<number> {
    const [row] = await (within?.db ?? this.deps.db)
      .insert(outboxEmails)
      .values({
        toAddress: mail.to,
        kind: mail.kind,
        langCode: mail.langCode,
        link: mail.link,
        ...contentOf(mail, this.deps.brand),
        createdAt: this.deps.clock(),
      })
      .returning({ id: outboxEmails.id });
    return row!.id;
  }
}

const contentOf = (mail: OutgoingMail, brand: Brand): MailContent =>
  composeMail(mail.kind, mail.langCode, { ...mail.values, brand: brand.name, link: mail.link });

/** The link with its token replaced: a delivered mail's record must not hold a usable link. */
export function redactLink(link: string): string {
  return link.replace(/([?&]q=)[^&#]*/, '$1[redacted]');
}

/**
 * Delivers through SMTP (`smtp://user:pass@host:587`, `smtps://…`). The record is written at once and the
 * delivery runs after the answer: how long a server takes must not tell which e-mails have accounts, and a
 * failed delivery must not turn into an error only existing accounts get. A failure is logged and leaves
 * `sent_at` empty.
 */
export class SmtpMailer implements Mailer {
  private readonly deps: MailerDeps & { logger: Logger; from: string };
  private readonly transport: Transporter;
  private readonly pending = new Set<Promise<void>>();

  constructor(deps: MailerDeps & { logger: Logger; from: string; smtpUrl: string }) {
    this.deps = deps;
    this.transport = createTransport(deps.smtpUrl);
  }

  async send(mail: OutgoingMail, within?: MailTransaction): Promise<number> {
    const content = contentOf(mail, this.deps.brand);
    const redacted = redactLink(mail.link);
    const [row] = await (within?.db ?? this.deps.db)
      .insert(outboxEmails)
      .values({
        toAddress: mail.to,
        kind: mail.kind,
        langCode: mail.langCode,
        link: redacted,
        subject: content.subject,
        body: content.body.replaceAll(mail.link, redacted),
        createdAt: this.deps.clock(),
      })
      .returning({ id: outboxEmails.id });
    const id = row!.id;
    // Inside a transaction, the record must be there (committed) before the delivery marks it sent.
    const ready = within ? within.committed.then(() => true).catch(() => false) : Promise.resolve(true);
    const delivery: Promise<void> = ready
      .then((go) => (go ? this.deliver(id, mail.to, content) : undefined))
      .finally(() => this.pending.delete(delivery));
    this.pending.add(delivery);
    return id;
  }

  private async deliver(id: number, to: string, content: { subject: string; body: string }): Promise<void> {
    // Nothing here may reject: no one awaits a delivery but close().
    try {
      await this.transport.sendMail({ from: this.deps.from, to, subject: content.subject, text: content.body });
    } catch (error) {
      // Not the error object: SMTP errors can echo the envelope; the outbox id finds the rest.
      const { code, responseCode } = (error ?? {}) as { code?: string; responseCode?: number };
      this.deps.logger.error({ outboxId: id, code, responseCode }, 'e-mail not delivered');
      return;
    }
    try {
      await this.deps.db.update(outboxEmails).set({ sentAt: this.deps.clock() }).where(eq(outboxEmails.id, id));
    } catch (error) {
      this.deps.logger.error({ outboxId: id, err: error }, 'e-mail delivered but not marked sent');
    }
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.pending]);
    this.transport.close();
  }
}

export function createMailer(deps: MailerDeps & { logger: Logger; from: string; smtpUrl?: string }): Mailer {
  if (deps.smtpUrl) return new SmtpMailer({ ...deps, smtpUrl: deps.smtpUrl });
  return new OutboxMailer(deps);
}
