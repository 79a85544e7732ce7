/**
 * A shipment's history in a language (GET api/packages/{awb}/singlePackage?language): status names from the
 * site's catalogue (the tracking page's own words, `tracking.status.{id}`) and place names from the offices'
 * cities, which carry a name per language. A name with no translation stays as stored.
 */
import { pickLang, type Lang } from '../../../src/i18n/languages.ts';
import type { Office } from '../../../src/lib/reference/schemas.ts';
import type { Db } from '../../db/database.ts';
import { offices, type TrackingEvent } from '../../db/schema.ts';
import { serverCatalogue } from '../../i18n/catalogues.ts';

const statusName = (lang: Lang, event: TrackingEvent): string =>
  serverCatalogue(lang)[`tracking.status.${event.statusId}`] ?? event.status;

/** Each city's name in `lang`, by its English name (the histories' places are the offices' cities in English). */
async function placeNames(db: Db, lang: Lang): Promise<Map<string, string>> {
  const rows = await db.select({ data: offices.data }).from(offices);
  return new Map(
    rows.map(({ data }) => {
      const { cityName } = data as Office;
      return [cityName.en.toLowerCase(), pickLang(lang, cityName)];
    }),
  );
}

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
      location: places.get(event.location.toLowerCase()) ?? event.location,
    }));
}
