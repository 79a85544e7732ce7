import type { Catalogue } from './i18n.ts';
import type { Lang } from './languages.ts';

/** Loads a language's catalogue in the browser; each language is its own chunk. */
export async function loadCatalogue(lang: Lang): Promise<Catalogue> {
  const mod = (await (lang === 'ar' ? import('./ar.json') : import('./en.json'))) as { default: Catalogue };
  return mod.default;
}
