/** The site's Markdown content as the browser tests expect to see it, read from the same files the build reads. */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

export interface Item {
  id: number;
  slug: string;
  subject: string;
  summary: string;
  order?: number;
  date?: string;
  loggedOutBanner?: { title: string; text: string };
  loggedInBanner?: { title: string; text: string };
}

function frontmatter(file: string): Record<string, unknown> {
  const match = /^---\n([\s\S]*?)\n---/.exec(readFileSync(file, 'utf8'));
  if (!match?.[1]) throw new Error(`No frontmatter in ${file}`);
  return parse(match[1]) as Record<string, unknown>;
}

/** Items of a collection in a language: FAQs and banners by order, service updates newest first. */
export function items(collection: 'faqs' | 'service-updates' | 'banners', lang: string): Item[] {
  const dir = join('src', 'content', collection, lang);
  const list = readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .map((f) => {
      const data = frontmatter(join(dir, f));
      const date = data.date instanceof Date ? data.date.toISOString().slice(0, 10) : (data.date as string | undefined);
      return { ...(data as unknown as Item), ...(date ? { date } : {}) };
    });
  return collection === 'service-updates'
    ? list.sort((a, b) => (b.date ?? '').localeCompare(a.date ?? '') || b.id - a.id)
    : list.sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
}

export function pageTitle(lang: string, id: string, brand = 'Shipbox'): string {
  return String(frontmatter(join('src', 'content', 'pages', lang, `${id}.md`)).title).replaceAll('{brand}', brand);
}
