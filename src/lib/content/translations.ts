/**
 * Every FAQ, service update and banner exists once in each language of the brand, under the same id and slug.
 * The site build and the API's article source both refuse content that breaks this, with a message that
 * names the files to add or fix.
 */

export interface TranslatedItem {
  /** Where the item comes from, for messages: `faqs/en/how-long.md`. */
  file: string;
  lang: string;
  id: number;
  slug: string;
}

/** Problems found, one line each; empty when every item has every language. */
export function translationProblems(
  collection: string,
  items: readonly TranslatedItem[],
  languages: readonly string[],
): string[] {
  const problems: string[] = [];
  const byId = new Map<number, TranslatedItem[]>();
  for (const item of items) byId.set(item.id, [...(byId.get(item.id) ?? []), item]);
  for (const [id, versions] of [...byId.entries()].sort(([a], [b]) => a - b)) {
    const slugs = new Set(versions.map((v) => v.slug));
    if (slugs.size > 1) {
      problems.push(
        `${collection} ${id}: the slug differs between languages (${versions.map((v) => `${v.file}: "${v.slug}"`).join(', ')})`,
      );
    }
    for (const lang of languages) {
      const inLang = versions.filter((v) => v.lang === lang);
      const [first] = versions;
      if (inLang.length === 0 && first) {
        problems.push(
          `${collection} ${id} ("${first.slug}") has no ${lang} text: add ${collection}/${lang}/${first.slug}.md`,
        );
      }
      if (inLang.length > 1) {
        problems.push(`${collection} ${id} is used twice in ${lang}: ${inLang.map((v) => v.file).join(', ')}`);
      }
    }
  }
  return problems;
}

/** Throws one error listing every problem. */
export function assertTranslated(collection: string, items: readonly TranslatedItem[], languages: readonly string[]) {
  const problems = translationProblems(collection, items, languages);
  if (problems.length > 0) throw new Error(`Content of ${collection} is incomplete:\n- ${problems.join('\n- ')}`);
}
