/// <reference types="vite/client" />
/** Every language's catalogue, for build-time rendering and tests. Browser code loads one with `loadCatalogue`. */
import type { Catalogue } from './i18n.ts';
import { LANGUAGES, type Lang } from './languages.ts';

// Each language's catalogue is src/i18n/<lang>.json: the language list says which there are.
const files = import.meta.glob<Catalogue>('./*.json', { eager: true, import: 'default' });

export const catalogues = Object.fromEntries(
  LANGUAGES.map((lang) => {
    const catalogue = files[`./${lang}.json`];
    if (!catalogue) throw new Error(`No catalogue for ${lang}: add src/i18n/${lang}.json`);
    return [lang, catalogue];
  }),
) as Record<Lang, Catalogue>;
