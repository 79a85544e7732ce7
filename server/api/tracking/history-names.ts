/**
 * A shipment's history in a language (the owner's single-package view and public tracking, `?language`): status
 * names from the site's catalogue (the tracking page's own words, `tracking.status.{id}`) and place names from the
 * reference data (server/reference/place-names.ts). A name with no translation stays as stored.
 */
import type { Lang } from '../../../src/i18n/languages.ts';
import type { Db } from '../../db/database.ts';
import type { TrackingEvent } from '../../db/schema.ts';
import { serverCatalogue } from '../../i18n/catalogues.ts';
import { placeNames } from '../../reference/place-names.ts';

const statusName = (lang: Lang, event: TrackingEvent): string =>
  serverCatalogue(lang)[`tracking.status.${event.statusId}`] ?? event.status;

/** Names the events of histories in `lang`: their status and their place. */
export async function historyNamer(
  db: Db,
  lang: Lang,
): Promise<(history: readonly TrackingEvent[]) => TrackingEvent[]> {
  const places = await placeNames(db, lang);
  return (history) =>
    history.map((event) => ({
      ...event,
      status: statusName(lang, event),
      location: places.city(event.location) ?? event.location,
    }));
}
