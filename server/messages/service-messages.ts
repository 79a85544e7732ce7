/**
 * The messages the product itself sends to a customer's message box (docs/decisions/031). Each is a template of
 * the catalogue (`serviceMessage.<template>.subject` and `.body`, server-only keys) with parameters that are
 * codes: a waybill number or case reference shown as it is, a warehouse's or office's code named in the reader's
 * language. The message is stored with its template and parameters, and with its English text as sent; the
 * account pages read it in their own language. What a person wrote by hand has no template and reads as written.
 */
import type { Lang } from '../../src/i18n/languages.ts';
import { serverCatalogue, serverTranslator } from '../i18n/catalogues.ts';
import type { PlaceNames } from '../reference/place-names.ts';

/** The templates and the parameters each takes. */
export const SERVICE_MESSAGES = {
  packageArrived: ['awb', 'warehouse', 'destination'],
  chargesDue: ['awb'],
  flexRenews: [],
  officeHours: ['office'],
  requestAnswered: ['caseReference', 'warehouse'],
} as const satisfies Record<string, readonly Param[]>;

/**
 * A parameter's kind is its name: `warehouse` is a warehouse's code (its mailbox name is shown), `office` and
 * `destination` an office's code (its city is shown), `awb` and `caseReference` are shown as they are.
 */
type Param = 'awb' | 'caseReference' | 'warehouse' | 'office' | 'destination';

export type ServiceMessageTemplate = keyof typeof SERVICE_MESSAGES;
export type ServiceMessageParams<T extends ServiceMessageTemplate> = Record<
  (typeof SERVICE_MESSAGES)[T][number],
  string
>;

const isTemplate = (name: string): name is ServiceMessageTemplate => Object.hasOwn(SERVICE_MESSAGES, name);

/** The parameters' values for the text: place codes named, the rest as they are. */
function shownValues(params: Readonly<Record<string, string>>, places: PlaceNames): Record<string, string> {
  const named = (param: string, value: string) => {
    if (param === 'warehouse') return places.warehouse(value);
    if (param === 'office' || param === 'destination') return places.office(value);
    return undefined;
  };
  return Object.fromEntries(Object.entries(params).map(([param, value]) => [param, named(param, value) ?? value]));
}

export interface MessageText {
  subject: string;
  body: string;
}

/**
 * The subject and body of a template in `lang`; undefined for a template the catalogue doesn't have (a message
 * then reads as it was sent).
 */
export function serviceMessageText(
  template: string,
  params: Readonly<Record<string, string>>,
  lang: Lang,
  places: PlaceNames,
): MessageText | undefined {
  const catalogue = serverCatalogue(lang);
  const key = (part: keyof MessageText) => `serviceMessage.${template}.${part}`;
  if (!isTemplate(template) || catalogue[key('subject')] === undefined || catalogue[key('body')] === undefined) {
    return undefined;
  }
  const t = serverTranslator(lang);
  const values = shownValues(params, places);
  return { subject: t(key('subject'), values), body: t(key('body'), values) };
}

/** A service message to store: its template, its parameters, and its English text as sent. */
export function serviceMessage<T extends ServiceMessageTemplate>(
  template: T,
  params: ServiceMessageParams<T>,
  places: PlaceNames,
): MessageText & { template: T; params: Record<string, string> } {
  const text = serviceMessageText(template, params, 'en', places);
  if (!text) throw new Error(`No catalogue text for serviceMessage.${template}`);
  return { ...text, template, params };
}
