import loaders from 'virtual:catalogue/loaders';
import type { FeaturePart } from './catalogue-parts.ts';
import type { Catalogue } from './i18n.ts';
import type { Lang } from './languages.ts';

/**
 * Loads a language's core catalogue and the feature parts asked for, in the browser, as one catalogue. Each part
 * of each language is its own chunk (src/i18n/catalogue-parts.ts, astro.config.mjs).
 */
export async function loadCatalogue(lang: Lang, parts: readonly FeaturePart[] = []): Promise<Catalogue> {
  const loaded = await Promise.all([loaders[lang].core(), ...parts.map((part) => loaders[lang][part]())]);
  return Object.assign({}, ...loaded.map((mod) => mod.default)) as Catalogue;
}
