/**
 * The site's content as the pages read it at build time: entries of one language, in their display order,
 * checked once per build for a version in every language of the brand (the build fails otherwise).
 */
import { getCollection, getEntry, type CollectionEntry } from 'astro:content';
import { brand } from '../../brands/current-brand.ts';
import { localeOf, type Lang } from '../../i18n/languages.ts';
import { assertTranslated } from './translations.ts';
import shopsJson from '../../content/data/shops.json';
import { shopsSchema, type Shop } from './schemas.ts';
import plansJson from '../../content/data/plans.json';
import { countryPlansListSchema, type Plan } from '../reference/schemas.ts';
import { DEFAULT_COUNTRY } from './flex-plans.ts';
import { countryNameOf } from '../reference/countries.ts';

type Listed = 'faqs' | 'serviceUpdates' | 'banners';
const FOLDERS: Record<Listed, string> = { faqs: 'faqs', serviceUpdates: 'service-updates', banners: 'banners' };

/** The entry's language, from its id `<lang>/<slug>`. */
const langOf = (entry: { id: string }) => entry.id.split('/')[0] ?? '';

/** Collections already checked for every language in this build. */
const checked = new Set<Listed>();

async function all<C extends Listed>(collection: C): Promise<CollectionEntry<C>[]> {
  const entries = (await getCollection(collection)) as CollectionEntry<C>[];
  if (!checked.has(collection)) {
    const items = entries.map((entry) => ({
      file: `${FOLDERS[collection]}/${entry.id}.md`,
      lang: langOf(entry),
      id: entry.data.id,
      slug: entry.data.slug,
    }));
    assertTranslated(FOLDERS[collection], items, brand.languages);
    checked.add(collection);
  }
  return entries;
}

export async function faqsIn(lang: Lang): Promise<CollectionEntry<'faqs'>[]> {
  return (await all('faqs')).filter((e) => langOf(e) === lang).sort((a, b) => a.data.order - b.data.order);
}

/** Newest first; the same day by id, highest first. */
export async function serviceUpdatesIn(lang: Lang): Promise<CollectionEntry<'serviceUpdates'>[]> {
  return (await all('serviceUpdates'))
    .filter((e) => langOf(e) === lang)
    .sort((a, b) => b.data.date.getTime() - a.data.date.getTime() || b.data.id - a.data.id);
}

export async function bannersIn(lang: Lang): Promise<CollectionEntry<'banners'>[]> {
  return (await all('banners')).filter((e) => langOf(e) === lang).sort((a, b) => a.data.order - b.data.order);
}

/** An informational page in a language; the build stops with the file to add when it is missing. */
export async function pageIn(lang: Lang, id: string): Promise<CollectionEntry<'pages'>> {
  const entry = await getEntry('pages', `${lang}/${id}`);
  if (!entry) throw new Error(`The page "${id}" has no ${lang} text: add src/content/pages/${lang}/${id}.md`);
  return entry;
}

let shops: Shop[] | undefined;
/** The shopping directory's stores, sorted by name; the build stops when the file breaks its schema. */
export function allShops(): Shop[] {
  if (!shops) {
    const parsed = shopsSchema.safeParse(shopsJson);
    if (!parsed.success) {
      throw new Error(`src/content/data/shops.json is invalid:\n${parsed.error.message}`);
    }
    // Store names are English in every language.
    shops = [...parsed.data].sort((a, b) => a.name.localeCompare(b.name, localeOf('en')));
  }
  return shops;
}

/** Names of the countries that have their own price list, in a language (for the flex article's live plans). */
export function priceListCountryNames(lang: Lang): Record<string, string> {
  return Object.fromEntries(
    countryPlansListSchema
      .parse(plansJson)
      .filter((p) => p.countryCode !== DEFAULT_COUNTRY)
      .map((p) => [p.countryCode, countryNameOf(p.countryCode, lang)]),
  );
}

/** The default membership price list (for visitors of unknown country), as the flex article first shows it. */
export function defaultPlans(): Plan[] {
  const list = countryPlansListSchema.parse(plansJson).find((p) => p.countryCode === DEFAULT_COUNTRY);
  if (!list) throw new Error('src/content/data/plans.json has no "default" price list');
  return list.plans;
}
