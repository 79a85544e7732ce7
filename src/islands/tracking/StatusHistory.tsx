import type { TFunction } from 'i18next';
import type { Lang } from '../../i18n/languages.ts';
import { dateFormat } from '../../i18n/intl-formats.ts';
import type { TrackingEvent } from '../../lib/api/tracking/contract.ts';

/** A status in the reader's language, or as the server wrote it when the page has no name for it. */
export function statusName(t: TFunction, statusId: number, fallback: string): string {
  return t(`tracking.status.${statusId}`, { defaultValue: fallback });
}

/** Date and 24-hour time, in the reader's language (Latin digits). */
function when(at: string, lang: Lang): string {
  return dateFormat(lang, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' }).format(new Date(at));
}

/** The shipment's statuses, newest first. */
export function StatusHistory({ t, lang, history }: { t: TFunction; lang: Lang; history: readonly TrackingEvent[] }) {
  return (
    <section className="tracking-section" aria-labelledby="tracking-history-heading">
      <h2 id="tracking-history-heading">{t('tracking.history')}</h2>
      <ol className="tracking-history">
        {history.map((event) => (
          <li key={`${event.at}-${event.statusId}`}>
            <time dateTime={event.at}>{when(event.at, lang)}</time>
            <span className="tracking-history-status">{statusName(t, event.statusId, event.status)}</span>
            <span className="tracking-history-place" dir="auto">
              {event.location}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
