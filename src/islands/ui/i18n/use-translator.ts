import { use } from 'react';
import type { TFunction } from 'i18next';
import type { FeaturePart } from '../../../i18n/catalogue-parts.ts';
import { createTranslator } from '../../../i18n/i18n.ts';
import { loadCatalogue } from '../../../i18n/load-catalogue.ts';
import type { Lang } from '../../../i18n/languages.ts';

const translators = new Map<string, Promise<TFunction>>();

/** The translator of a language over its core catalogue and the feature parts named (loaded once each). */
export function translatorFor(lang: Lang, parts: readonly FeaturePart[] = []): Promise<TFunction> {
  const wanted = [...new Set(parts)].sort();
  const key = [lang, ...wanted].join(' ');
  let promise = translators.get(key);
  if (!promise) {
    promise = loadCatalogue(lang, wanted).then((catalogue) => createTranslator(lang, catalogue));
    translators.set(key, promise);
  }
  return promise;
}

/**
 * The translator of a language, for islands (suspends until its catalogue has loaded). An island that shows keys
 * of a feature part (src/i18n/catalogue-parts.ts) names it; a unit test checks every island does.
 */
export function useTranslator(lang: Lang, ...parts: FeaturePart[]): TFunction {
  return use(translatorFor(lang, parts));
}
