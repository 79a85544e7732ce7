/**
 * What a Web Push message carries (issue 26, scope 3), as the server writes it (server/push/push-messages.ts): the
 * notification's title and body in the device's language, the page to open on a click (a path of this site, in
 * that language), a tag (a later message with the same tag replaces the earlier one: a shipment's status, a
 * package's storage), and the language and direction of the text. The service worker (src/sw/sw.ts) reads it with
 * `parsePushMessage`, which shows nothing that isn't one.
 */
import type { Lang } from '../../i18n/languages.ts';

export interface PushMessage {
  title: string;
  body: string;
  /** A path of this site ('/en/tracking/SB7000130'), never another origin. */
  url: string;
  tag: string;
  lang: Lang;
  dir: 'ltr' | 'rtl';
}

/** A path of this site: one leading slash, not '//' (which a browser reads as another host) nor a backslash. */
export function isSitePath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//') && !url.includes('\\');
}

const text = (value: unknown, max: number): string | null =>
  typeof value === 'string' && value.length > 0 && value.length <= max ? value : null;

/**
 * The message in a push's text, as the service worker shows it, or null when it is not one: a malformed or foreign
 * push shows nothing, and a push never sends the customer to another site.
 */
export function parsePushMessage(raw: string | undefined): PushMessage | null {
  if (!raw) return null;
  let data: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    data = parsed as Record<string, unknown>;
  } catch {
    return null;
  }
  const title = text(data.title, 200);
  const url = text(data.url, 2000);
  if (!title || !url || !isSitePath(url)) return null;
  return {
    title,
    body: text(data.body, 1000) ?? '',
    url,
    tag: text(data.tag, 200) ?? url,
    lang: data.lang === 'ar' ? 'ar' : 'en',
    dir: data.dir === 'rtl' ? 'rtl' : 'ltr',
  };
}
