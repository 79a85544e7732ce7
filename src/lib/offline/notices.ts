/**
 * What the installed app tells the customer (./app-notices.ts loads this when there is something to tell): that a
 * page or its data is a saved copy and from when, and that a new version is ready. Their texts are in the page
 * (src/components/shell/AppNotices.astro), written at build time.
 */
import type { Lang } from '../../i18n/languages.ts';
import { dateFormat } from '../../i18n/intl-formats.ts';
import type { WorkerMessage } from './saved-copy.ts';

let shownSavedAt: number | undefined;

/** "Offline: showing what was saved at HH:MM", with the oldest time of what the page shows. */
export function showSavedAt(iso: string, lang: Lang): void {
  const notice = document.querySelector<HTMLElement>('[data-saved-notice]');
  const time = Date.parse(iso);
  if (!notice || Number.isNaN(time)) return;
  if (shownSavedAt !== undefined && shownSavedAt <= time) return;
  shownSavedAt = time;
  const clock = dateFormat(lang, { hour: '2-digit', minute: '2-digit' }).format(time);
  notice.textContent = (notice.dataset.text ?? '').replace('{time}', clock);
  notice.hidden = false;
}

/**
 * Sends the worker what this page loaded from the site before it was controlled, so a first visit is saved too:
 * what had loaded when the worker took the page (`takenAt`, the page's clock), then the reads that were on their
 * way then, as they finish (they passed the worker by, so its own routes did not save them).
 */
export function saveFirstVisit(workers: ServiceWorkerContainer, takenAt: number): void {
  const send = (urls: string[]) => {
    if (urls.length === 0) return;
    const message: WorkerMessage = { type: 'SAVE', urls };
    workers.controller?.postMessage(message);
  };
  const ours = (entries: PerformanceEntryList) =>
    entries.filter((entry) => entry.startTime < takenAt && entry.name.startsWith(location.origin)).map((e) => e.name);
  send([location.href, ...ours(performance.getEntriesByType('resource'))]);
  const late = new PerformanceObserver((list) => send(ours(list.getEntries())));
  late.observe({ type: 'resource' });
  setTimeout(() => late.disconnect(), 30_000);
}

let offered = false;

/** Shows "A new version is ready" with its button, which lets the waiting worker take over and reloads. */
export function offerUpdate(registration: ServiceWorkerRegistration, reload: () => void): void {
  const notice = document.querySelector<HTMLElement>('[data-update-notice]');
  if (!notice || offered) return;
  offered = true;
  notice.hidden = false;
  notice.querySelector('[data-update-reload]')?.addEventListener('click', () => {
    reload();
    const message: WorkerMessage = { type: 'SKIP_WAITING' };
    registration.waiting?.postMessage(message);
  });
}
