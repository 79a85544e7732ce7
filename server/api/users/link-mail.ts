/**
 * The e-mails that carry an account link, limited per recipient and per requesting address. Callers answer the
 * same whether or not a mail went out, so these calls can't tell which e-mails have accounts.
 */
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { DEFAULT_LANG, type Lang } from '../../../src/i18n/languages.ts';
import type { LinkPurpose } from '../../auth/account-links.ts';
import type { Limit } from '../../auth/throttle.ts';
import { users, type LinkMailKind } from '../../db/schema.ts';
import { clientAddress } from '../client-address.ts';
import type { ApiEnv } from '../env.ts';
import { isHttps } from '../session.ts';
import { throttleFirst } from '../throttle-first.ts';

type User = typeof users.$inferSelect;

/** Per e-mail address, whether or not it has an account. */
export const LINK_MAIL_LIMIT: Limit = { max: 3, windowSeconds: 60 * 60 };

/**
 * Per requesting address, whatever the e-mails named: one sender can't mail a list of strangers 3 times each.
 * Every request counts, before its body is read, so the limit says nothing of which e-mails have accounts.
 */
export const LINK_MAIL_ADDRESS_LIMIT: Limit = { max: 10, windowSeconds: 60 * 60 };

/** The link e-mail calls' limit per requesting address (429), shared by both calls. */
export const linkMailAddressLimit = throttleFirst((c) => `link-mail:addr:${clientAddress(c)}`, LINK_MAIL_ADDRESS_LIMIT);

/** Where a link of each kind of e-mail opens (spec 1 §4.6). */
const PAGES: Record<LinkMailKind, string> = {
  activation: 'account/activate',
  reactivation: 'account/reactivate',
  'reset-password': 'account/change-password',
};

/** The site's origin for links: PUBLIC_ORIGIN when set, else the request's own. */
export function linkOrigin(c: Context<ApiEnv>): string {
  const configured = c.var.deps.publicOrigin;
  if (configured) return configured;
  return `${isHttps(c) ? 'https' : 'http'}://${new URL(c.req.url).host}`;
}

/** Where the links of a mail to this customer point: this site, in the customer's language for this brand. */
export const mailPlace = (c: Context<ApiEnv>, langCode: string | null | undefined) => ({
  origin: linkOrigin(c),
  lang: brandLang(c, langCode),
});

/** The asked language if the brand has it (Mailbridge is English only), else the brand's first. */
export function brandLang(c: Context<ApiEnv>, asked: string | null | undefined): Lang {
  const { languages } = c.var.deps.brand;
  return languages.find((lang) => lang === asked) ?? languages[0] ?? DEFAULT_LANG;
}

/**
 * Counts a request for `email` and, unless it is over the limit, lets `choose` pick the mail for the account
 * (if any) and sends it with a new link.
 */
export async function sendLinkMail(
  c: Context<ApiEnv>,
  options: {
    throttleKey: string;
    email: string;
    langCode: Lang;
    choose: (user: User) => { kind: LinkMailKind; purpose: LinkPurpose } | null;
  },
): Promise<void> {
  const { db, throttle, links, mailer } = c.var.deps;
  // Counted and decided in one statement: of many requests at once, the limit's number send a mail.
  if ((await throttle.take(options.throttleKey, LINK_MAIL_LIMIT)).retryAfter > 0) return;
  const [user] = await db.select().from(users).where(eq(users.email, options.email));
  const mail = user ? options.choose(user) : null;
  if (!user || !mail) return;
  const token = await links.create(user.guid, mail.purpose);
  const lang = brandLang(c, options.langCode);
  await mailer.send({
    to: user.email,
    kind: mail.kind,
    langCode: lang,
    link: `${linkOrigin(c)}/${lang}/${PAGES[mail.kind]}?q=${token}`,
  });
}
