import i18next, { type TFunction } from 'i18next';
import type { Lang } from './languages.ts';

export type Catalogue = Record<string, string>;

/** A translator over one language's flat, dotted-key catalogue. */
export function createTranslator(lang: Lang, catalogue: Catalogue): TFunction {
  const instance = i18next.createInstance();
  void instance.init({
    lng: lang,
    fallbackLng: false,
    resources: { [lang]: { translation: catalogue } },
    keySeparator: false,
    nsSeparator: false,
    initAsync: false,
    returnNull: false,
    // Astro and React escape what they render.
    interpolation: { escapeValue: false },
    // In the browser a key the loaded parts lack (src/i18n/catalogue-parts.ts) says so: the browser suite fails on it.
    ...(typeof document === 'undefined'
      ? {}
      : {
          saveMissing: true,
          missingKeyHandler: (_languages: readonly string[], _namespace: string, key: string) =>
            console.error(`Missing catalogue key: ${key}`),
        }),
  });
  return instance.t;
}
