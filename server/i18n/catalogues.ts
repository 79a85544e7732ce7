/**
 * The site's catalogues (src/i18n/<lang>.json) as the server reads them, once per process: for the e-mails and for
 * the names the API gives in a language. src/i18n/catalogues.ts imports the JSON without an import attribute,
 * which Node refuses, so the files are read here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TFunction } from 'i18next';
import { createTranslator, type Catalogue } from '../../src/i18n/i18n.ts';
import { LANGUAGES, type Lang } from '../../src/i18n/languages.ts';

const I18N = join(import.meta.dirname, '..', '..', 'src', 'i18n');

let catalogues: Record<Lang, Catalogue> | undefined;

export function serverCatalogue(lang: Lang): Catalogue {
  catalogues ??= Object.fromEntries(
    LANGUAGES.map((l) => [l, JSON.parse(readFileSync(join(I18N, `${l}.json`), 'utf8')) as Catalogue]),
  ) as Record<Lang, Catalogue>;
  return catalogues[lang];
}

const translators = new Map<Lang, TFunction>();

/** A translator over the language's whole catalogue, made once per language. */
export function serverTranslator(lang: Lang): TFunction {
  let t = translators.get(lang);
  if (!t) {
    t = createTranslator(lang, serverCatalogue(lang));
    translators.set(lang, t);
  }
  return t;
}
