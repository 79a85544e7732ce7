/**
 * The informational articles (spec 1 §2.5): each route and the Markdown file (`src/content/pages/<lang>/<id>.md`)
 * it is built from. Every article exists in every language of every brand; the build fails otherwise.
 */
export const ARTICLES = [
  { route: 'about.what-is', id: 'what-is' },
  { route: 'about.how-it-works', id: 'how-it-works' },
  { route: 'about.flex', id: 'flex' },
  { route: 'features.protect', id: 'protect' },
  { route: 'features.select', id: 'select' },
  { route: 'privacy-policy', id: 'privacy-policy' },
  { route: 'terms-of-use', id: 'terms-of-use' },
  { route: 'help.contact-us', id: 'contact-us' },
  { route: 'customer-support', id: 'customer-support' },
  { route: 'help.unacceptable-materials', id: 'unacceptable-materials' },
] as const;

/** Titles and descriptions may name the brand as `{brand}`; bodies don't. */
export function withBrand(text: string, brandName: string): string {
  return text.replaceAll('{brand}', brandName);
}

/** Articles with a second text for logged-in customers (spec 1 §2.5: customer support's logged-in variant). */
export const LOGGED_IN_VARIANTS: Partial<Record<string, string>> = { 'customer-support': 'customer-support-account' };

/** Articles that come with a printable copy to download. */
export const DOWNLOADABLE_ARTICLES = ['unacceptable-materials'] as const;

export function downloadPath(id: string, lang: string): string {
  return `/downloads/${id}-${lang}.txt`;
}

/** Markdown as plain text for printing: headings underlined, emphasis and links reduced to their words. */
export function plainText(markdown: string): string {
  return markdown
    .split('\n')
    .flatMap((line) => {
      const heading = /^#{1,6}\s+(.*)$/.exec(line);
      const text = (heading?.[1] ?? line)
        .replace(/\*\*(.+?)\*\*/g, '$1')
        .replace(/\*(.+?)\*/g, '$1')
        .replace(/\[(.+?)\]\([^)]*\)/g, '$1')
        .replace(/^(\s*)[-*]\s+/, '$1• ');
      return heading ? [text.toUpperCase(), '-'.repeat(Math.min(text.length, 60))] : [text];
    })
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .concat('\n');
}
