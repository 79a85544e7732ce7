/**
 * The content editor in the browser (issue 27; docs/decisions/039): the one classic script of the server's /admin
 * page, built by scripts/build-editor.ts. It reads the editor's settings from config.json next to it, then starts
 * Decap CMS with the site's file formats (src/lib/editor/), its previews with the site's stylesheets, Arabic
 * fields right to left, and publishing after each save.
 */
import CMS from 'decap-cms-app';
import type { CmsConfig } from 'decap-cms-core';
import { createRoot } from 'react-dom/client';
import { createTranslator } from '../i18n/i18n.ts';
import { withCompiledPatterns } from '../lib/editor/field-patterns.ts';
import * as jsonList from '../lib/editor/json-list-format.ts';
import * as markdown from '../lib/editor/markdown-format.ts';
import contentStyles from '../styles/content.css?raw';
import { registerPreviews } from './previews.tsx';
import { createPublishing } from './publishing.ts';
import { PublishStatus } from './PublishStatus.tsx';
import type { EditorSettings } from './settings.ts';
import { registerTextDirection } from './text-direction.tsx';

// The folder the script was loaded from (/admin/): the settings are next to it. Known only while the script runs.
const script = document.currentScript;
const base = new URL('.', script instanceof HTMLScriptElement ? script.src : location.href);

async function loadSettings(): Promise<EditorSettings> {
  const url = new URL('config.json', base);
  // The editor's language as the page was asked for it (`/admin/?lang=ar`); else the server takes the site's.
  const lang = new URLSearchParams(location.search).get('lang');
  if (lang) url.searchParams.set('lang', lang);
  const response = await fetch(url, {
    credentials: 'same-origin',
    cache: 'no-store',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`The editor's settings: ${response.status} ${response.statusText}`);
  return (await response.json()) as EditorSettings;
}

/** The status of publishing, kept in a node of its own beside Decap's. */
function startPublishing(settings: EditorSettings, publishUrl: string): void {
  const publishing = createPublishing(new URL(publishUrl, base).href);
  // Decap waits for its listeners before it goes on: ask, and follow the publish, without holding it up.
  const publish = () => {
    void publishing.publish();
  };
  CMS.registerEventListener({ name: 'postPublish', handler: publish });
  // A deleted item.
  CMS.registerEventListener({ name: 'postUnpublish', handler: publish });
  const node = document.createElement('div');
  document.body.append(node);
  const t = createTranslator(settings.lang, settings.messages);
  createRoot(node).render(<PublishStatus publishing={publishing} t={t} lang={settings.lang} />);
  void publishing.resume();
}

/** The entry an editor's address opens (`#/collections/<name>/entries/<slug>`), if any. */
function entryOf(url: string): string | null {
  return /#\/collections\/([^/]+)\/entries\/(.+)$/.exec(url)?.slice(1).join('/') ?? null;
}

/**
 * Decap loads an entry when its editor opens, not when the address changes under it: going from one entry
 * straight to another (an address typed or pasted, the browser's history) would show the first entry's values in
 * the second's fields. The page opens the other entry afresh instead (Decap asks first about unsaved changes).
 */
function reopenOtherEntries(): void {
  window.addEventListener('hashchange', (event) => {
    const from = entryOf(event.oldURL);
    const to = entryOf(event.newURL);
    if (from && to && from !== to) location.reload();
  });
}

/**
 * Decap lays its words out left to right; Arabic labels, hints and titles (an Arabic editor's, an Arabic entry's)
 * take the direction of their own text, as `dir="auto"` would give them, so their punctuation stays in place.
 */
function textTakesItsOwnDirection(): void {
  const style = document.createElement('style');
  style.textContent = '#nc-root :is(p, label, h1, h2, h3, li) { unicode-bidi: plaintext; }';
  document.head.append(style);
}

/**
 * Decap refuses to save a form with mistakes by showing them, then rejecting the save with no reason at all,
 * which the browser would report as an error of the page. Such a rejection is not one.
 */
function quietRefusedSaves(): void {
  window.addEventListener('unhandledrejection', (event) => {
    if (event.reason === undefined) event.preventDefault();
  });
}

async function start(): Promise<void> {
  const settings = await loadSettings();
  document.documentElement.lang = settings.lang;
  textTakesItsOwnDirection();
  CMS.registerCustomFormat(jsonList.JSON_LIST_FORMAT, 'json', jsonList);
  CMS.registerCustomFormat(markdown.MARKDOWN_FORMAT, 'md', markdown);
  for (const href of settings.previewStyles) CMS.registerPreviewStyle(href);
  // The articles' own styles, which the site's pages carry inline rather than in a stylesheet of their own.
  CMS.registerPreviewStyle(contentStyles, { raw: true });
  registerPreviews(CMS, settings, createTranslator(settings.lang, settings.messages));
  registerTextDirection(CMS);
  if (settings.publishUrl) startPublishing(settings, settings.publishUrl);
  reopenOtherEntries();
  quietRefusedSaves();
  // Decap's own words in the editor's language where it has them (it has no Arabic), else in English.
  const locale = CMS.getLocale(settings.lang) ? settings.lang : 'en';
  CMS.init({ config: { ...withCompiledPatterns(settings.config), locale } as unknown as CmsConfig });
}

start().catch((error: unknown) => {
  console.error(error);
  // Without its settings the editor has none of its words either: the page says what failed as it is.
  const message = document.createElement('p');
  message.setAttribute('role', 'alert');
  message.textContent = error instanceof Error ? error.message : String(error);
  document.body.append(message);
});
