/**
 * GET api/articles (spec 2 §7 Reference data): the site's articles as data — the FAQs, service updates, carousel
 * banners and shopping directory as paged lists with their meta article, or one informational page. Read from
 * the same files the static pages are built from (server/content/article-source.ts). Open to everyone.
 */
import type { Context } from 'hono';
import {
  getArticles,
  type ARTICLE_PAGES,
  type ArticleItem,
  type ArticleResponse,
  type SubCategory,
} from '../../../src/lib/api/articles/contract.ts';
import { brands, type Brand } from '../../../src/brands/brands.ts';
import { ARTICLES, withBrand } from '../../../src/lib/content/articles.ts';
import { buildUrl } from '../../../src/lib/routes/paths.ts';
import { pickLang, type Lang } from '../../../src/i18n/languages.ts';
import type { ArticleSource, RenderedPage } from '../../content/article-source.ts';
import { invalid, notFound } from '../http-errors.ts';
import { offsetOf, paginationHeader, type Page } from '../account-home/paging.ts';
import { keptAnswer, type KeptAnswer } from '../../content/article-answers.ts';
import { askOf, responseOf } from '../../site/site-handler.ts';
import type { ApiEnv } from '../env.ts';
import type { ApiRouter } from '../router.ts';

type ArticlePage = (typeof ARTICLE_PAGES)[number];

/** The site page (route state) that shows each informational page. */
export const PAGE_ROUTES: Readonly<Record<ArticlePage, string>> = {
  ...(Object.fromEntries(ARTICLES.map((a) => [a.id, a.route])) as Record<(typeof ARTICLES)[number]['id'], string>),
  agreement: 'agreement',
  // The logged-in variant is shown at the same address as the open one.
  'customer-support-account': 'customer-support',
  // The two articles above and below the rate tables.
  'country-rate-top': 'about.country-rate',
  'country-rate-bottom': 'about.country-rate',
};

/** The site page of each list, and of each of its items. */
export const LIST_ROUTES = {
  faqs: { list: 'faqs', item: 'faqs.detail' },
  'service-updates': { list: 'service-updates', item: 'service-updates.detail' },
  // The carousel is on the home page; each slide opens its own article.
  banners: { list: 'home', item: 'single-banner' },
  'shopping-directory': { list: 'features.shopping-directory', item: null },
} as const;

/**
 * The banners have no page of their own to be their meta article: the list is titled as the site titles one
 * slide (title.single-banner, "Offer"), in the plural, with no introduction.
 */
const BANNERS_SUBJECT: Record<Lang, string> = { en: 'Offers', ar: 'العروض' };

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

interface Ask {
  lang: Lang;
  brand: Brand;
  page: Page;
  shoppingDirectory: string | undefined;
}

function pageResponse(key: SubCategory, page: RenderedPage, url: string, brand: Brand): ArticleResponse {
  return {
    articleKey: key,
    id: null,
    subject: withBrand(page.title, brand.name),
    summary: withBrand(page.description, brand.name),
    body: page.html,
    url,
    articles: [],
  };
}

function metaPage(source: ArticleSource, lang: Lang, key: string): RenderedPage {
  const page = source.pages[lang].get(key);
  // The loader refuses content without it, so this is a bug, not a visitor's mistake.
  if (!page) throw new Error(`No page ${lang}/${key}.md in the article source`);
  return page;
}

/** An answer with the X-Pagination header of a list, if it is one. */
interface Answer {
  body: ArticleResponse;
  pagination: string | null;
}

/** One page of a list; `answer` gets its X-Pagination header. */
function paged<T>(answer: { pagination: string | null }, items: readonly T[], page: Page): T[] {
  answer.pagination = paginationHeader(items.length, page);
  return items.slice(offsetOf(page), offsetOf(page) + page.pageSize);
}

function listResponse(source: ArticleSource, key: keyof typeof LIST_ROUTES, ask: Ask): Answer {
  const { lang, brand } = ask;
  const sink = { pagination: null as string | null };
  const url = (name: string, params?: Record<string, string>) => buildUrl(lang, name, brand.slug, params);
  const text = (s: string) => withBrand(s, brand.name);
  const itemUrl = (name: string, item: { id: number; slug: string }) =>
    url(name, { id: String(item.id), subject: item.slug });
  const article = (item: { id: number; slug: string; subject: string; summary: string }, routeName: string) => ({
    id: item.id,
    articleKey: item.slug,
    subject: text(item.subject),
    summary: text(item.summary),
    date: null,
    url: itemUrl(routeName, item),
    countryCode: null,
    category: null,
  });

  let meta: { subject: string; summary: string; body: string };
  let articles: ArticleItem[];
  switch (key) {
    case 'faqs':
      articles = paged(sink, source.faqs[lang], ask.page).map((f) => article(f, LIST_ROUTES.faqs.item));
      break;
    case 'service-updates':
      articles = paged(sink, source.serviceUpdates[lang], ask.page).map((u) => ({
        ...article(u, LIST_ROUTES['service-updates'].item),
        date: isoDay(u.date),
      }));
      break;
    case 'banners':
      articles = paged(sink, source.banners[lang], ask.page).map((b) => article(b, LIST_ROUTES.banners.item));
      break;
    case 'shopping-directory': {
      const code = ask.shoppingDirectory;
      const shops = code ? source.shops.filter((s) => s.countryCode === code) : source.shops;
      articles = paged(sink, shops, ask.page).map((s) => ({
        id: s.id,
        articleKey: String(s.id),
        subject: s.name,
        summary: pickLang(lang, { en: s.descriptionEn, ar: s.descriptionAr }),
        date: null,
        url: s.url,
        countryCode: s.countryCode,
        category: s.category,
      }));
      break;
    }
  }
  if (key === 'banners') {
    meta = { subject: BANNERS_SUBJECT[lang], summary: '', body: '' };
  } else {
    const page = metaPage(source, lang, key);
    meta = { subject: text(page.title), summary: text(page.description), body: page.html };
  }
  const listQuery: Record<string, string> =
    key === 'shopping-directory' && ask.shoppingDirectory ? { countryCode: ask.shoppingDirectory } : {};
  const body: ArticleResponse = {
    articleKey: key,
    id: null,
    ...meta,
    url: buildUrl(lang, LIST_ROUTES[key].list, brand.slug, {}, listQuery),
    articles,
  };
  return { body, pagination: sink.pagination };
}

/** Sends a kept answer from the app. */
const sendKept = (c: Context<ApiEnv>, answer: KeptAnswer): Response => responseOf(keptAnswer(answer, askOf(c)));

export function articlesRoutes(router: ApiRouter): void {
  router.handle(getArticles, async (c, { query: q }) => {
    const brand = brands[q.scope];
    if (!brand.languages.includes(q.language)) {
      throw invalid({ language: [`${brand.name} is published in ${brand.languages.join(', ')} only`] });
    }
    const source = await c.var.deps.articles();
    // Kept per article source: a publish hands the API a new source, and with it a fresh set of answers.
    const answers = c.var.deps.articleAnswers;
    const url = c.req.url;
    const search = url.includes('?') ? url.slice(url.indexOf('?')) : '';
    const ask: Ask = {
      lang: q.language,
      brand,
      page: { pageIndex: q.pageindex, pageSize: q.pagesize },
      shoppingDirectory: q.shoppingDirectory,
    };
    const key = q.subCategory;
    const question = JSON.stringify([q.scope, q.language, key, q.pageindex, q.pagesize, q.shoppingDirectory ?? null]);
    if (key in LIST_ROUTES) {
      return sendKept(
        c,
        answers.get(source, question, search, () => listResponse(source, key as keyof typeof LIST_ROUTES, ask)),
      );
    }
    const pageKey = key as ArticlePage;
    const page = source.pages[ask.lang].get(pageKey);
    if (!page) throw notFound();
    return sendKept(
      c,
      answers.get(source, question, search, () => ({
        body: pageResponse(key, page, buildUrl(ask.lang, PAGE_ROUTES[pageKey], brand.slug), brand),
        pagination: null,
      })),
    );
  });
}
