import { use } from 'react';
import type { TFunction } from 'i18next';
import { createTranslator } from '../../i18n/i18n.ts';
import { loadCatalogue } from '../../i18n/load-catalogue.ts';
import type { Lang } from '../../i18n/languages.ts';

const translators = new Map<Lang, Promise<TFunction>>();

function translatorFor(lang: Lang): Promise<TFunction> {
  let promise = translators.get(lang);
  if (!promise) {
    promise = loadCatalogue(lang).then((catalogue) => createTranslator(lang, catalogue));
    translators.set(lang, promise);
  }
  return promise;
}

/** The translator of a language, for islands (suspends until its catalogue has loaded). */
export function useTranslator(lang: Lang): TFunction {
  return use(translatorFor(lang));
}
