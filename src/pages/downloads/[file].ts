/**
 * Printable copies of articles that offer one (spec 1 §2.5: the unacceptable-materials page shows an attachment),
 * as plain text built from the same Markdown, one per language: `/downloads/<id>-<lang>.txt`.
 */
import type { APIRoute } from 'astro';
import { getEntry } from 'astro:content';
import { brand } from '../../brands/current-brand.ts';
import { DOWNLOADABLE_ARTICLES, plainText, withBrand } from '../../lib/content/articles.ts';

export async function getStaticPaths() {
  const paths = [];
  for (const lang of brand.languages) {
    for (const id of DOWNLOADABLE_ARTICLES) {
      const entry = await getEntry('pages', `${lang}/${id}`);
      if (!entry?.body) throw new Error(`The article "${id}" has no ${lang} text to download`);
      const title = withBrand(entry.data.title, brand.name);
      paths.push({ params: { file: `${id}-${lang}.txt` }, props: { text: `${title}\n\n${plainText(entry.body)}` } });
    }
  }
  return paths;
}

export const GET: APIRoute = ({ props }) =>
  new Response(String(props.text), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
