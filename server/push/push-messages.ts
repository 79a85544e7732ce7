/**
 * The texts of the push messages (issue 26, scope 3), from the catalogues' server-only `pushMessage.` keys: a
 * package arrived, free storage with 3 days and 1 day left, a shipment held for charges (the package alerts, with
 * the same facts as their e-mails), and a shipment's new status. Each in the device's language (the brand's first
 * when the brand lacks it: Mailbridge is English only), with the page to open in that language.
 */
import type { Brand } from '../../src/brands/brands.ts';
import { dirOf, type Lang } from '../../src/i18n/languages.ts';
import type { PushMessage } from '../../src/lib/push/push-message.ts';
import { buildUrl } from '../../src/lib/routes/paths.ts';
import type { AlertKind } from '../../src/lib/storage/package-alerts.ts';
import { statusById } from '../../src/lib/reference/shipment-statuses.ts';
import { alertPage, alertValues, mailLang, type AlertMailFacts } from '../alerts/alert-mail.ts';
import type { shipments } from '../db/schema.ts';
import { serverCatalogue, serverTranslator } from '../i18n/catalogues.ts';

type ShipmentRow = typeof shipments.$inferSelect;

/** The catalogue key of each alert's texts. */
const ALERT_KEYS: Readonly<Record<AlertKind, string>> = {
  'package-arrived': 'pushMessage.packageArrived',
  'storage-3-days': 'pushMessage.storage3Days',
  'storage-1-day': 'pushMessage.storage1Day',
  'held-for-charges': 'pushMessage.heldForCharges',
};

/** A package's own words are cut to this many characters: a notification shows a line or two. */
export const PACKAGE_TEXT_MAX = 80;

// Unicode's first-strong isolate and its end: in plain text what <bdi> is on a page (docs/decisions/031).
const FSI = '\u2068';
const PDI = '\u2069';

/** People's words (a description, a merchant) and codes, cut to length, isolated in right-to-left text. */
function own(value: string, lang: Lang): string {
  const cut = value.length > PACKAGE_TEXT_MAX ? `${value.slice(0, PACKAGE_TEXT_MAX - 1).trimEnd()}…` : value;
  return dirOf(lang) === 'rtl' ? `${FSI}${cut}${PDI}` : cut;
}

function compose(
  key: string,
  lang: Lang,
  values: Readonly<Record<string, string>>,
): Pick<PushMessage, 'title' | 'body' | 'lang' | 'dir'> {
  const t = serverTranslator(lang);
  const text = (part: 'title' | 'body') => {
    const full = `${key}.${part}`;
    // i18next answers a missing key with the key itself: a notification saying "pushMessage.x.title" must not go.
    if (serverCatalogue(lang)[full] === undefined) throw new Error(`No catalogue text for ${full} in ${lang}`);
    return t(full, values);
  };
  return { title: text('title'), body: text('body'), lang, dir: dirOf(lang) };
}

/** An alert's message for a device that asked for `asked` (its page's language). */
export function alertPushMessage(facts: AlertMailFacts, brand: Brand, asked: string): PushMessage {
  const lang = mailLang(brand, asked);
  const values = alertValues(facts, lang);
  values['package'] = own(values['package'] ?? '', lang);
  values['awb'] = own(facts.shipment.awb, lang);
  const storage = facts.kind === 'storage-3-days' || facts.kind === 'storage-1-day';
  return {
    ...compose(ALERT_KEYS[facts.kind], lang, { ...values, brand: brand.name }),
    url: alertPage(facts.kind, facts.shipment.awb, brand, lang),
    // The 1-day alert replaces the 3-day one on the device; the others stand alone.
    tag: `${facts.shipment.awb}:${storage ? 'storage' : facts.kind}`,
  };
}

/** A shipment's new status, for a device that asked for `asked`; its status name from the catalogue. */
export function statusPushMessage(
  shipment: Pick<ShipmentRow, 'awb' | 'description' | 'merchant' | 'lastPi' | 'currentStatus'>,
  brand: Brand,
  asked: string,
): PushMessage {
  const lang = mailLang(brand, asked);
  const key = `shipmentStatus.${shipment.lastPi}`;
  const known = statusById(shipment.lastPi) && serverCatalogue(lang)[key] !== undefined;
  const status = known ? serverTranslator(lang)(key) : shipment.currentStatus;
  const words = shipment.merchant ? `${shipment.description} — ${shipment.merchant}` : shipment.description;
  return {
    ...compose('pushMessage.statusChanged', lang, {
      status,
      awb: own(shipment.awb, lang),
      package: own(words, lang),
      brand: brand.name,
    }),
    url: buildUrl(lang, 'tracking', brand.slug, { awbNumber: shipment.awb }),
    // A shipment's next status replaces the last one on the device.
    tag: `${shipment.awb}:status`,
  };
}
