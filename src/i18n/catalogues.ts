/** Both catalogues, for build-time rendering and tests. Browser code loads one with `loadCatalogue`. */
import en from './en.json';
import ar from './ar.json';
import type { Catalogue } from './i18n.ts';
import type { Lang } from './languages.ts';

export const catalogues: Record<Lang, Catalogue> = { en, ar };
