/**
 * Contract of GET api/articles (spec 2 §7 Reference data): the site's articles as data, read from the same
 * Markdown and JSON files the static pages are built from (src/content), for the help box and other clients.
 */
import { z } from '../../zod.ts';
import { LANGUAGES } from '../../../i18n/languages.ts';
import { countryCodeQuerySchema } from '../../reference/schemas.ts';
import { PAGINATION_HEADER, paginationSchema } from '../account-home/contract.ts';
import { endpoint } from '../endpoint.ts';
import { ErrorCode } from '../errors.ts';

/** What to list: the FAQs, the service updates (news), the carousel banners, the shopping directory, or one page. */
export const ARTICLE_LISTS = ['faqs', 'service-updates', 'banners', 'shopping-directory'] as const;
/** Informational pages that may be asked for by key (their body is returned as HTML). */
export const ARTICLE_PAGES = [
  'what-is',
  'how-it-works',
  'flex',
  'protect',
  'select',
  'privacy-policy',
  'terms-of-use',
  'contact-us',
  'customer-support',
  'customer-support-account',
  'unacceptable-materials',
  'agreement',
  'country-rate-top',
  'country-rate-bottom',
] as const;
export const subCategorySchema = z.enum([...ARTICLE_LISTS, ...ARTICLE_PAGES]);
export type SubCategory = z.infer<typeof subCategorySchema>;

/** Spec 2 §9: news page size 10; shopping directory 100; default size 10, index 0. */
export const NEWS_PAGE_SIZE = 10;
export const SHOPPING_PAGE_SIZE = 100;

export const articlesQuerySchema = z.object({
  subCategory: subCategorySchema,
  language: z.enum(LANGUAGES),
  /** The brand whose site asks (`shipbox` or `mailbridge`); the second brand is English only. */
  scope: z.enum(['shipbox', 'mailbridge']),
  pageindex: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(10_000)), 0),
  pagesize: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(SHOPPING_PAGE_SIZE)), NEWS_PAGE_SIZE),
  /** Shopping directory only: a two-letter country code to list that country's stores. */
  shoppingDirectory: z.optional(countryCodeQuerySchema),
});
export type ArticlesQuery = z.input<typeof articlesQuerySchema>;

/** One entry of a list: a FAQ, a service update, a banner or a store. */
export const articleItemSchema = z.object({
  id: z.int().check(z.positive()),
  /** The slug in the item's URL (a store's slug is its id). */
  articleKey: z.string(),
  subject: z.string(),
  summary: z.string(),
  /** Service updates: the day published (YYYY-MM-DD). */
  date: z.nullable(z.string()),
  /** The page on the site that shows the item (`/en/faqs/3/…`), or a store's own https address. */
  url: z.string(),
  /** Stores only. */
  countryCode: z.nullable(z.string()),
  category: z.nullable(z.string()),
});
export type ArticleItem = z.infer<typeof articleItemSchema>;

/**
 * The Article entity of spec 2 §3 (articleKey, subject, id, articles list). For a list, `subject` and `body`
 * are the list's meta article (its title and introduction) and `articles` the page of items (X-Pagination
 * header as for other lists); for a page, `body` is the page and `articles` is empty.
 */
export const articleResponseSchema = z.object({
  articleKey: subCategorySchema,
  id: z.nullable(z.int()),
  subject: z.string(),
  /** The page's description, or the list's meta description: a sentence or two for previews. */
  summary: z.string(),
  /** HTML rendered from the Markdown, as on the site. */
  body: z.string(),
  /** The site page of the article or list. */
  url: z.string(),
  articles: z.array(articleItemSchema),
});
export type ArticleResponse = z.infer<typeof articleResponseSchema>;

export const getArticles = endpoint({
  tag: 'Articles',
  summary: 'A list of articles (FAQs, service updates, banners, shops) with its meta article, or one page',
  description:
    "Read from the files the site's pages are built from. A list is paged (pageindex from 0, pagesize) and its " +
    'X-Pagination header gives the total; a page answers its body and no articles.',
  method: 'GET',
  path: 'api/articles',
  query: articlesQuerySchema,
  answer: articleResponseSchema,
  answerHeaders: {
    [PAGINATION_HEADER]: {
      description: 'Lists only: the total, the page size, the page and the pages',
      schema: paginationSchema,
    },
  },
  errors: { 404: [ErrorCode.notFound] },
});
