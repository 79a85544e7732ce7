/**
 * The installed app's side of every page (issue 26; docs/decisions/037), run by the shell's script: registers the
 * service worker once the page has loaded and listens to it. It is loaded before any interaction on every page, so
 * it holds only the listeners: what they do (the notices, saving a first visit) loads when it is needed
 * (./notices.ts).
 */
import type { Lang } from '../../i18n/languages.ts';
import { SAVED_AT_ATTRIBUTE, type SavedCopyMessage } from './saved-copy.ts';

export const SERVICE_WORKER_URL = '/sw.js';

const notices = () => import('./notices.ts');

export function startServiceWorker(lang: Lang): void {
  const saved = document.documentElement.getAttribute(SAVED_AT_ATTRIBUTE);
  if (saved) void notices().then((m) => m.showSavedAt(saved, lang));

  const workers = navigator.serviceWorker as ServiceWorkerContainer | undefined;
  if (!workers) return;
  workers.addEventListener('message', (event: MessageEvent<SavedCopyMessage | undefined>) => {
    const savedAt = event.data?.type === 'SAVED_COPY' ? event.data.savedAt : null;
    if (savedAt) void notices().then((m) => m.showSavedAt(savedAt, lang));
  });
  workers.startMessages();
  const startedWith = workers.controller;
  let reloading = false;
  workers.addEventListener('controllerchange', () => {
    if (reloading) location.reload();
    // The first worker has just taken this page: it keeps what the page already read.
    else if (startedWith === null) {
      const takenAt = performance.now();
      void notices().then((m) => m.saveFirstVisit(workers, takenAt));
    }
  });
  const register = () => {
    workers
      .register(SERVICE_WORKER_URL)
      .then((registration) => {
        const offer = () => void notices().then((m) => m.offerUpdate(registration, () => (reloading = true)));
        // A new version waits while an older one controls the page; the customer decides when to reload.
        if (registration.waiting && workers.controller) offer();
        registration.addEventListener('updatefound', () => {
          const installing = registration.installing;
          installing?.addEventListener('statechange', () => {
            if (installing.state === 'installed' && workers.controller) offer();
          });
        });
      })
      .catch(() => {
        // No worker (a development server, a browser that refuses it): the site works as before.
      });
  };
  if (document.readyState === 'complete') register();
  else addEventListener('load', register, { once: true });
}
