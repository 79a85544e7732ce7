import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createTestApp, type TestApp } from './harness.ts';
import { ARTICLE_PAGES, articleResponseSchema, type ArticleResponse } from '../../src/lib/api/articles/contract.ts';
import { PAGINATION_HEADER, paginationSchema } from '../../src/lib/api/account-home/contract.ts';
import { apiErrorSchema } from '../../src/lib/api/errors.ts';
import { shopsSchema } from '../../src/lib/content/schemas.ts';
import { matchPath } from '../../src/lib/routes/paths.ts';
import { LANGUAGES } from '../../src/i18n/languages.ts';
import {
  ArticleStore,
  CONTENT_ROOT,
  loadArticleSource,
  type ArticleSource,
} from '../../server/content/article-source.ts';

// Expectations come from the content files themselves (their number, their order fields), not from a copy.
const markdownCount = (collection: string, lang: string) => {
  const dir = join(CONTENT_ROOT, collection, lang);
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.md')).length : 0;
};
const shops = shopsSchema.parse(JSON.parse(readFileSync(join(CONTENT_ROOT, 'data', 'shops.json'), 'utf8')));

const pagination = (res: Response) => paginationSchema.parse(JSON.parse(res.headers.get(PAGINATION_HEADER) ?? 'null'));

/** The route a site URL (`/en/faqs/3/slug?x`) leads to, for the brand. */
const routeOf = (url: string, brandSlug = 'shipbox') => {
  const path = new URL(url, 'https://site.example').pathname.split('/').slice(2).join('/');
  return matchPath(path, brandSlug)?.route.name;
};

describe.each(BACKENDS)('articles API on %s', (backend) => {
  let t: TestApp;
  let source: ArticleSource;
  beforeAll(async () => {
    t = await createTestApp(backend);
    source = await loadArticleSource();
  });
  afterAll(() => t.close());

  const get = (query: Record<string, string>) => t.request(`/api/articles?${new URLSearchParams(query).toString()}`);
  const article = async (query: Record<string, string>): Promise<{ res: Response; body: ArticleResponse }> => {
    const res = await get(query);
    expect(res.status, JSON.stringify(query)).toBe(200);
    return { res, body: articleResponseSchema.parse(await res.json()) };
  };
  const refused = async (query: Record<string, string>) => {
    const res = await get(query);
    expect(res.status, JSON.stringify(query)).toBe(400);
    const body = apiErrorSchema.parse(await res.json());
    expect(body.code).toBe('VALIDATION');
    return body.fieldErrors ?? {};
  };

  describe('FAQs', () => {
    it('lists the first page by order, with the meta article and X-Pagination', async () => {
      const { res, body } = await article({ subCategory: 'faqs', language: 'en', scope: 'shipbox' });
      const total = markdownCount('faqs', 'en');
      expect(total).toBeGreaterThan(0);
      expect(pagination(res)).toEqual({
        TotalCount: total,
        PageSize: 10,
        CurrentPage: 0,
        TotalPages: Math.ceil(total / 10),
      });
      expect(body.articles).toHaveLength(Math.min(total, 10));
      const meta = source.pages.en.get('faqs');
      expect(body).toMatchObject({ articleKey: 'faqs', id: null, url: '/en/faqs', subject: meta?.title });
      expect(body.body).toBe(meta?.html);
      expect(body.body).toMatch(/^<p>/);
      const orders = body.articles.map((a) => source.faqs.en.find((f) => f.id === a.id)?.order ?? NaN);
      expect(orders).toEqual([...orders].sort((a, b) => a - b));
      for (const item of body.articles) {
        expect(item.url).toBe(`/en/faqs/${item.id}/${item.articleKey}`);
        expect(routeOf(item.url)).toBe('faqs.detail');
        expect(item).toMatchObject({ date: null, countryCode: null, category: null });
        expect(item.subject).not.toContain('{brand}');
      }
    });

    it('pages with pageindex and pagesize', async () => {
      const total = markdownCount('faqs', 'en');
      const all = await article({ subCategory: 'faqs', language: 'en', scope: 'shipbox', pagesize: '100' });
      expect(all.body.articles).toHaveLength(total);
      const second = await article({
        subCategory: 'faqs',
        language: 'en',
        scope: 'shipbox',
        pageindex: '1',
        pagesize: '5',
      });
      expect(second.body.articles).toEqual(all.body.articles.slice(5, 10));
      expect(pagination(second.res)).toEqual({
        TotalCount: total,
        PageSize: 5,
        CurrentPage: 1,
        TotalPages: Math.ceil(total / 5),
      });
      const past = await article({ subCategory: 'faqs', language: 'en', scope: 'shipbox', pageindex: '99' });
      expect(past.body.articles).toEqual([]);
      expect(pagination(past.res).TotalCount).toBe(total);
    });

    it('lists the same items in Arabic, at Arabic URLs', async () => {
      const en = await article({ subCategory: 'faqs', language: 'en', scope: 'shipbox', pagesize: '100' });
      const ar = await article({ subCategory: 'faqs', language: 'ar', scope: 'shipbox', pagesize: '100' });
      expect(ar.body.articles.map((a) => [a.id, a.articleKey])).toEqual(
        en.body.articles.map((a) => [a.id, a.articleKey]),
      );
      expect(ar.body.url).toBe('/ar/faqs');
      expect(ar.body.articles[0]?.url).toMatch(/^\/ar\/faqs\/\d+\/[a-z0-9-]+$/);
      expect(ar.body.subject).toBe(source.pages.ar.get('faqs')?.title);
    });
  });

  it('lists the service updates newest first, ten a page, with their day', async () => {
    const { res, body } = await article({ subCategory: 'service-updates', language: 'ar', scope: 'shipbox' });
    const total = markdownCount('service-updates', 'ar');
    expect(pagination(res).TotalCount).toBe(total);
    expect(body.articles).toHaveLength(Math.min(total, 10));
    expect(body.url).toBe('/ar/service-updates');
    const keys = body.articles.map((a) => `${a.date ?? ''} ${String(a.id).padStart(5, '0')}`);
    expect(keys).toEqual([...keys].sort().reverse());
    for (const item of body.articles) {
      expect(item.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(routeOf(item.url)).toBe('service-updates.detail');
    }
  });

  it('lists the banners by order, titled "Offers", on the home page', async () => {
    const en = await article({ subCategory: 'banners', language: 'en', scope: 'mailbridge' });
    expect(pagination(en.res).TotalCount).toBe(markdownCount('banners', 'en'));
    expect(en.body).toMatchObject({ articleKey: 'banners', subject: 'Offers', summary: '', body: '', url: '/en/home' });
    expect(en.body.articles.map((a) => a.id)).toEqual(source.banners.en.slice(0, 10).map((b) => b.id));
    for (const item of en.body.articles) {
      expect(routeOf(item.url, 'mailbridge')).toBe('single-banner');
      expect(item.subject).not.toContain('{brand}');
    }
    const ar = await article({ subCategory: 'banners', language: 'ar', scope: 'shipbox' });
    expect(ar.body.subject).toBe('العروض');
  });

  describe('shopping directory', () => {
    it('lists the stores by name, a page of 100, with their own https address', async () => {
      const { res, body } = await article({
        subCategory: 'shopping-directory',
        language: 'en',
        scope: 'shipbox',
        pagesize: '100',
      });
      expect(pagination(res)).toMatchObject({ TotalCount: shops.length, PageSize: 100 });
      expect(body.articles).toHaveLength(Math.min(shops.length, 100));
      const names = body.articles.map((a) => a.subject);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
      expect(body.url).toBe('/en/features/shopping-directory');
      expect(routeOf(body.url)).toBe('features.shopping-directory');
      for (const item of body.articles) {
        const shop = shops.find((s) => s.id === item.id);
        expect(item).toEqual({
          id: shop?.id,
          articleKey: String(shop?.id),
          subject: shop?.name,
          summary: shop?.descriptionEn,
          date: null,
          url: shop?.url,
          countryCode: shop?.countryCode,
          category: shop?.category,
        });
        expect(item.url).toMatch(/^https:\/\//);
      }
    });

    it("filters by the country's code, in any case, and describes stores in Arabic", async () => {
      const code = shops[0]?.countryCode ?? 'US';
      const { res, body } = await article({
        subCategory: 'shopping-directory',
        language: 'ar',
        scope: 'shipbox',
        pagesize: '100',
        shoppingDirectory: code.toLowerCase(),
      });
      const expected = shops.filter((s) => s.countryCode === code);
      expect(pagination(res).TotalCount).toBe(expected.length);
      expect(body.articles.map((a) => a.id).sort()).toEqual(expected.map((s) => s.id).sort());
      expect(body.articles.every((a) => a.countryCode === code)).toBe(true);
      expect(body.articles[0]?.summary).toMatch(/\p{Script=Arabic}/u);
      expect(body.url).toBe(`/ar/features/shopping-directory?countryCode=${code}`);
      const none = await article({
        subCategory: 'shopping-directory',
        language: 'en',
        scope: 'shipbox',
        shoppingDirectory: 'ZZ',
      });
      expect(none.body.articles).toEqual([]);
    });
  });

  describe('pages', () => {
    it('answers a page as HTML with the brand in its title, and no items', async () => {
      const markdown = readFileSync(join(CONTENT_ROOT, 'pages', 'en', 'what-is.md'), 'utf8');
      // A heading without quotes or dashes (smart punctuation would change them).
      const heading = /^## ([\p{L}\d ,]+)$/mu.exec(markdown)?.[1];
      expect(heading).toBeDefined();
      const { res, body } = await article({ subCategory: 'what-is', language: 'en', scope: 'shipbox' });
      expect(res.headers.get(PAGINATION_HEADER)).toBeNull();
      expect(body).toMatchObject({ articleKey: 'what-is', id: null, url: '/en/about/what-is-shipbox', articles: [] });
      expect(body.subject).toBe(source.pages.en.get('what-is')?.title.replaceAll('{brand}', 'Shipbox'));
      expect(body.subject).toContain('Shipbox');
      expect(body.summary).not.toContain('{brand}');
      expect(body.body).toMatch(new RegExp(`<h2 id="[a-z0-9-]+">${heading ?? ''}</h2>`));

      const other = await article({ subCategory: 'what-is', language: 'en', scope: 'mailbridge' });
      expect(other.body.url).toBe('/en/about/what-is-mailbridge');
      expect(other.body.subject).toContain('Mailbridge');
      expect(other.body.body).toBe(body.body);
    });

    it.each(ARTICLE_PAGES)('answers %s in both languages at a page of the route table', async (key) => {
      const expectedRoute: Record<string, string> = {
        'customer-support-account': 'customer-support',
        'country-rate-top': 'about.country-rate',
        'country-rate-bottom': 'about.country-rate',
      };
      for (const language of LANGUAGES) {
        const { body } = await article({ subCategory: key, language, scope: 'shipbox' });
        expect(body.articleKey).toBe(key);
        expect(body.body.length).toBeGreaterThan(0);
        expect(body.url.startsWith(`/${language}/`)).toBe(true);
        const route = routeOf(body.url);
        expect(route, body.url).toBeDefined();
        if (expectedRoute[key]) expect(route).toBe(expectedRoute[key]);
      }
    });
  });

  describe('refused queries', () => {
    it('refuses Arabic for the English-only brand, on the language', async () => {
      const errors = await refused({ subCategory: 'faqs', language: 'ar', scope: 'mailbridge' });
      expect(Object.keys(errors)).toEqual(['language']);
    });

    it('names each bad parameter', async () => {
      expect(Object.keys(await refused({ language: 'en', scope: 'shipbox' }))).toEqual(['subCategory']);
      expect(Object.keys(await refused({ subCategory: 'news', language: 'en', scope: 'shipbox' }))).toEqual([
        'subCategory',
      ]);
      expect(Object.keys(await refused({ subCategory: 'faqs', language: 'fr', scope: 'other' })).sort()).toEqual([
        'language',
        'scope',
      ]);
      expect(await refused({ subCategory: 'faqs', language: 'en', scope: 'shipbox', pagesize: '101' })).toHaveProperty(
        'pagesize',
      );
      expect(await refused({ subCategory: 'faqs', language: 'en', scope: 'shipbox', pageindex: '-1' })).toHaveProperty(
        'pageindex',
      );
      expect(await refused({ subCategory: 'faqs', language: 'en', scope: 'shipbox', pagesize: 'x' })).toHaveProperty(
        'pagesize',
      );
      expect(
        await refused({
          subCategory: 'shopping-directory',
          language: 'en',
          scope: 'shipbox',
          shoppingDirectory: 'GBR',
        }),
      ).toHaveProperty('shoppingDirectory');
    });
  });

  describe('answers kept per build', () => {
    const url = (query: Record<string, string>) => `/api/articles?${new URLSearchParams(query).toString()}`;
    const faqs = { subCategory: 'faqs', language: 'ar', scope: 'shipbox', pageindex: '1', pagesize: '3' };

    it('sends an answer in the encoding the client takes, with its pagination, ETag and 304', async () => {
      const plain = await t.request(url(faqs));
      const plainBody = articleResponseSchema.parse(await plain.json());
      const br = await t.request(url(faqs), { headers: { 'accept-encoding': 'gzip, br' } });
      expect([br.status, br.headers.get('content-encoding'), br.headers.get('vary')]).toEqual([
        200,
        'br',
        'Accept-Encoding',
      ]);
      expect(JSON.parse(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString())).toEqual(plainBody);
      const gz = await t.request(url(faqs), { headers: { 'accept-encoding': 'gzip' } });
      expect(JSON.parse(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString())).toEqual(plainBody);
      expect(pagination(br)).toEqual(pagination(plain));
      expect(pagination(br).CurrentPage).toBe(1);

      const etag = br.headers.get('etag');
      expect(etag).toMatch(/^"[\w-]{22}-br"$/);
      const held = await t.request(url(faqs), { headers: { 'accept-encoding': 'br', 'if-none-match': etag! } });
      expect([held.status, await held.text()]).toEqual([304, '']);
      // Another question is another answer.
      const next = await t.request(url({ ...faqs, pageindex: '0' }), { headers: { 'if-none-match': etag! } });
      expect(next.status).toBe(200);
      expect(pagination(next).CurrentPage).toBe(0);
    });

    it('answers from the new articles once a publish hands them over', async () => {
      const store = new ArticleStore(await loadArticleSource());
      const own = await createTestApp(backend, { articles: store });
      try {
        const ask = { subCategory: 'what-is', language: 'en', scope: 'shipbox' };
        const before = await own.request(url(ask));
        const etag = before.headers.get('etag')!;
        const old = articleResponseSchema.parse(await before.json());
        const current = await loadArticleSource();
        const page = current.pages.en.get('what-is')!;
        store.replace({
          ...current,
          pages: {
            ...current.pages,
            en: new Map([...current.pages.en, ['what-is', { ...page, title: `${page.title} (edited)` }]]),
          },
        });
        const after = await own.request(url(ask), { headers: { 'if-none-match': etag } });
        expect(after.status).toBe(200);
        expect(articleResponseSchema.parse(await after.json()).subject).toBe(`${old.subject} (edited)`);
      } finally {
        await own.close();
      }
    });
  });
});
