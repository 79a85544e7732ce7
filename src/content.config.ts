import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { bannerSchema, faqSchema, pageSchema, serviceUpdateSchema } from './lib/content/schemas.ts';

/**
 * The site's content. The frontmatter schemas live in src/lib/content/schemas.ts because the API's article
 * source (server/content) reads the same files with them. Entry ids are `<lang>/<file name>`.
 */
// Ids come from the path, never from a `slug` field (which the glob loader would otherwise take).
// CONTENT_DIR: another working copy's content, when the content editor publishes from one (astro.config.mjs).
const root = process.env.CONTENT_DIR ?? './src/content';
const markdown = (folder: string) =>
  glob({ pattern: '**/*.md', base: `${root}/${folder}`, generateId: ({ entry }) => entry.replace(/\.md$/, '') });

/** Informational pages and the meta articles of the lists: `pages/<lang>/<page>.md`. */
const pages = defineCollection({ loader: markdown('pages'), schema: pageSchema });
/** FAQs: `faqs/<lang>/<slug>.md`. */
const faqs = defineCollection({ loader: markdown('faqs'), schema: faqSchema });
/** Service updates (news): `service-updates/<lang>/<slug>.md`. */
const serviceUpdates = defineCollection({ loader: markdown('service-updates'), schema: serviceUpdateSchema });
/** Single banners, shown in the home carousel: `banners/<lang>/<slug>.md`. */
const banners = defineCollection({ loader: markdown('banners'), schema: bannerSchema });

// The shopping directory's stores are data (src/content/data/shops.json, read by src/lib/content/shops.ts).

export const collections = { pages, faqs, serviceUpdates, banners };
