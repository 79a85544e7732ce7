/// <reference lib="webworker" />
/**
 * The site's service worker (issue 26; docs/decisions/037), built per brand into /sw.js by
 * scripts/build-service-worker.ts with Workbox:
 * - the shell (the scripts and styles every page loads, the core catalogue parts, icons) is precached;
 * - the site's hashed build files are kept once loaded (they never change under one name);
 * - pages and the API reads of src/lib/offline/saving-rules.ts go to the network first; their last answer is saved
 *   and served offline, stamped with the time it was saved (nothing with payments, the wallet or cards);
 * - a new version waits until the customer reloads from the page's notice;
 * - push messages show a notification, and a click on it opens its page.
 */
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ASSETS_CACHE, CUSTOMER_CACHES, SAVED_DATA_CACHE, SAVED_PAGES_CACHE } from '../lib/offline/cache-names.ts';
import { SAVED_AT_HEADER, type SavedCopyMessage, type WorkerMessage } from '../lib/offline/saved-copy.ts';
import { isSavedPage, isSavedRead, markSavedPage, opensSession } from '../lib/offline/saving-rules.ts';
import { parsePushMessage } from '../lib/push/push-message.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };
/** The brand's icon for notifications, set by the build. */
declare const NOTIFICATION_ICON: string;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first version takes the open pages at once, so that what they read from now on is saved.
clientsClaim();

/** Seconds a page or a read may take before the saved copy is shown instead. */
const NETWORK_TIMEOUT_SECONDS = 6;

/** A copy as it is saved: the answer with the time it was saved. */
async function stamped(response: Response, savedAt: string): Promise<Response> {
  const headers = new Headers(response.headers);
  headers.set(SAVED_AT_HEADER, savedAt);
  return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
}

/** Saves only whole, successful answers, each with when it was saved. */
const saveWithTime: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) =>
    response.status === 200 && response.type === 'basic' ? stamped(response, new Date().toISOString()) : null,
};

/** A saved page says, on its <html>, that it is one and since when. */
const markPage: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    const savedAt = cachedResponse?.headers.get(SAVED_AT_HEADER);
    if (!cachedResponse || !savedAt) return cachedResponse ?? null;
    return new Response(markSavedPage(await cachedResponse.text(), savedAt), {
      status: cachedResponse.status,
      headers: cachedResponse.headers,
    });
  },
};

/** A read answered from its saved copy: the page that asked is told, and says so with the time. */
const tellPage: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse, event }) => {
    const savedAt = cachedResponse?.headers.get(SAVED_AT_HEADER);
    const clientId = event instanceof FetchEvent ? event.clientId : '';
    if (savedAt && clientId) {
      const message: SavedCopyMessage = { type: 'SAVED_COPY', savedAt };
      (await self.clients.get(clientId))?.postMessage(message);
    }
    return cachedResponse ?? null;
  },
};

const sameOrigin = (url: URL) => url.origin === self.location.origin;

// A session opening (a login, a signup) drops the copies saved before: a customer never reads another's.
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (sameOrigin(url) && opensSession(url, event.request.method)) {
    event.waitUntil(Promise.all(CUSTOMER_CACHES.map((name) => caches.delete(name))));
  }
});

registerRoute(
  ({ request, url }) => request.mode === 'navigate' && sameOrigin(url) && isSavedPage(url),
  new NetworkFirst({
    cacheName: SAVED_PAGES_CACHE,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [saveWithTime, markPage, new ExpirationPlugin({ maxEntries: 100, purgeOnQuotaError: true })],
  }),
);

registerRoute(
  ({ url }) => sameOrigin(url) && isSavedRead(url),
  new NetworkFirst({
    cacheName: SAVED_DATA_CACHE,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [saveWithTime, tellPage, new ExpirationPlugin({ maxEntries: 200, purgeOnQuotaError: true })],
  }),
  'GET',
);

registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname.startsWith('/_astro/'),
  new CacheFirst({
    cacheName: ASSETS_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: 300, purgeOnQuotaError: true })],
  }),
);

/** Saves what a page read before this worker controlled it (its first visit), by the same rules. */
async function saveReads(urls: readonly string[]): Promise<void> {
  const savedAt = new Date().toISOString();
  await Promise.all(
    urls.map(async (href) => {
      const url = new URL(href, self.location.origin);
      if (!sameOrigin(url)) return;
      const asset = url.pathname.startsWith('/_astro/');
      const cacheName = asset
        ? ASSETS_CACHE
        : isSavedRead(url)
          ? SAVED_DATA_CACHE
          : isSavedPage(url)
            ? SAVED_PAGES_CACHE
            : null;
      if (!cacheName) return;
      try {
        const cache = await caches.open(cacheName);
        if (asset && (await cache.match(url))) return;
        const response = await fetch(url, { credentials: 'same-origin' });
        if (response.status !== 200 || response.type !== 'basic') return;
        await cache.put(url, asset ? response : await stamped(response, savedAt));
      } catch {
        // Offline already: nothing more to save.
      }
    }),
  );
}

self.addEventListener('message', (event) => {
  const message = event.data as WorkerMessage | undefined;
  if (message?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (message?.type === 'SAVE' && Array.isArray(message.urls)) {
    event.waitUntil(saveReads(message.urls.filter((url): url is string => typeof url === 'string').slice(0, 200)));
  }
});

self.addEventListener('push', (event) => {
  const message = parsePushMessage(event.data?.text());
  if (!message) return;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      lang: message.lang,
      dir: message.dir,
      icon: NOTIFICATION_ICON,
      data: { url: message.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  const url = new URL(typeof data?.url === 'string' ? data.url : '/', self.location.origin);
  if (!sameOrigin(url)) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => client.url === url.href);
      if (open) await open.focus();
      else await self.clients.openWindow(url.href);
    })(),
  );
});
