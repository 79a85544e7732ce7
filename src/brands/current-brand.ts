/** The brand this build is for (BRAND at build time) and the language routes it prebuilds. */
import { BRAND } from 'astro:env/server';
import { getBrand } from './brands.ts';
import { createTranslator } from '../i18n/i18n.ts';
import { catalogues } from '../i18n/catalogues.ts';
import type { Lang } from '../i18n/languages.ts';

export const brand = getBrand(BRAND);

/** `getStaticPaths` for pages under `src/pages/[lang]/`: one page per language of the brand. */
export function languagePaths() {
  return brand.languages.map((lang) => ({ params: { lang } }));
}

const translators = new Map<Lang, ReturnType<typeof createTranslator>>();

/** The translator of a language, made once per build (every component of every page asks for it). */
export function translatorFor(lang: Lang) {
  let t = translators.get(lang);
  if (!t) {
    t = createTranslator(lang, catalogues[lang]);
    translators.set(lang, t);
  }
  return t;
}
