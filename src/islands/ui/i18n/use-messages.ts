import { useMemo } from 'react';
import type { TFunction } from 'i18next';
import { createTranslator, type Catalogue } from '../../../i18n/i18n.ts';
import type { Lang } from '../../../i18n/languages.ts';

/**
 * The translator of a server-rendered island over the messages it was given as a prop (see
 * src/i18n/pick-messages.ts). Unlike `useTranslator` it never suspends, so the server renders the island's text
 * and the browser hydrates the same markup.
 */
export function useMessages(lang: Lang, messages: Catalogue): TFunction {
  return useMemo(() => createTranslator(lang, messages), [lang, messages]);
}
