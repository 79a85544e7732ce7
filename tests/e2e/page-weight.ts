/**
 * What a page makes the browser download before any interaction: gzip bytes of the HTML, CSS and JavaScript
 * responses until the network is idle, and whether the map library came with them. Shared by the size budgets
 * of the browser suite and by `npm run bench`.
 */
import { gzipSync } from 'node:zlib';
import type { Page, Response } from '@playwright/test';

export interface PageWeight {
  html: number;
  css: number;
  js: number;
  /** Script files loaded. */
  scripts: string[];
  /** A script of the map library (maplibre-gl) was loaded. */
  mapLibrary: boolean;
  /** Bytes of `js` that are the map library's. */
  mapJs: number;
}

/** Words only maplibre-gl's bundle and worker carry. */
const MAP_LIBRARY = /MapLibre/;

/** Starts counting the responses of `page`; `done()` waits for their bodies and answers the totals. */
export function watchWeight(page: Page): { done: () => Promise<PageWeight> } {
  let weight: PageWeight = { html: 0, css: 0, js: 0, scripts: [], mapLibrary: false, mapJs: 0 };
  const pending: Promise<void>[] = [];
  const onResponse = (response: Response) => {
    const type = response.request().resourceType();
    if (!['document', 'stylesheet', 'script'].includes(type) || response.status() >= 300) return;
    // A page that sends the browser on (a bad link to login) is weighed where it lands.
    if (type === 'document' && response.frame() === page.mainFrame()) {
      weight = { html: 0, css: 0, js: 0, scripts: [], mapLibrary: false, mapJs: 0 };
    }
    const into = weight;
    pending.push(
      response
        .body()
        .then((body) => {
          const size = gzipSync(body).length;
          if (type === 'document') into.html += size;
          else if (type === 'stylesheet') into.css += size;
          else {
            into.js += size;
            into.scripts.push(new URL(response.url()).pathname);
            if (MAP_LIBRARY.test(body.toString('utf8'))) {
              into.mapLibrary = true;
              into.mapJs += size;
            }
          }
        })
        // A response whose body is gone (a redirect, a navigation away) weighs nothing here.
        .catch(() => undefined),
    );
  };
  page.on('response', onResponse);
  return {
    done: async () => {
      await Promise.all(pending);
      page.off('response', onResponse);
      return weight;
    },
  };
}

/** Opens `url` and weighs what loads until the network is idle. */
export async function weighPage(page: Page, url: string): Promise<PageWeight> {
  const watch = watchWeight(page);
  await page.goto(url, { waitUntil: 'networkidle' });
  return watch.done();
}

export const kb = (bytes: number): string => (bytes / 1024).toFixed(1);
