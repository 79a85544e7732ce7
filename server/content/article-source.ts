/**
 * The site's articles for the API (GET api/articles): the Markdown and JSON files the static pages are built
 * from (src/content), read once at server start, checked with the same schemas (src/lib/content/schemas.ts) and
 * rendered to HTML with the Markdown processor Astro uses, so the API and the site say the same thing.
 *
 * - `pages/<lang>/<page>.md`: informational pages, and the meta pages of the lists (faqs, service-updates,
 *   shopping-directory);
 * - `faqs/<lang>/<slug>.md`, `service-updates/<lang>/<slug>.md`, `banners/<lang>/<slug>.md`: list items, each in
 *   every language with the same id and slug (checked by src/lib/content/translations.ts, as the build does);
 * - `data/shops.json`: the stores of the shopping directory.
 *
 * Any problem (bad frontmatter, a language missing, ids that disagree) fails the load with every file at fault
 * named, as the same problem fails the site's build.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { createSatteriMarkdownProcessor } from '@astrojs/markdown-satteri';
import { z } from 'zod';
import {
  bannerSchema,
  faqSchema,
  pageSchema,
  serviceUpdateSchema,
  shopsSchema,
  type Banner,
  type Faq,
  type ServiceUpdate,
  type Shop,
} from '../../src/lib/content/schemas.ts';
import { ARTICLE_PAGES } from '../../src/lib/api/articles/contract.ts';
import { LANGUAGES, localeOf, type Lang } from '../../src/i18n/languages.ts';
import { translationProblems } from '../../src/lib/content/translations.ts';

/** The site's content folder. */
export const CONTENT_ROOT = join(import.meta.dirname, '..', '..', 'src', 'content');

/** The lists whose title and introduction are a page of their own (`pages/<lang>/<list>.md`). */
export const LIST_META_PAGES = ['faqs', 'service-updates', 'shopping-directory'] as const;
/** Pages that must exist in every language. */
export const REQUIRED_PAGES: readonly string[] = [...ARTICLE_PAGES, ...LIST_META_PAGES];

export type Page = z.core.output<typeof pageSchema>;
/** A Markdown file's frontmatter with its body as HTML. */
export type Rendered<T> = T & { html: string };
export type RenderedPage = Rendered<Page> & { key: string };

export interface ArticleSource {
  /** Per language, the pages by key (file name). */
  pages: Record<Lang, ReadonlyMap<string, RenderedPage>>;
  /** By `order`, then id. */
  faqs: Record<Lang, readonly Rendered<Faq>[]>;
  /** Newest first: by date, then id, descending. */
  serviceUpdates: Record<Lang, readonly Rendered<ServiceUpdate>[]>;
  /** By `order`, then id. */
  banners: Record<Lang, readonly Rendered<Banner>[]>;
  /** By name, then id. */
  shops: readonly Shop[];
}

/** Content that does not pass its checks; `problems` are `file: what is wrong`. */
export class ContentError extends Error {
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(`Invalid site content:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ContentError';
    this.problems = problems;
  }
}

// Astro's own frontmatter rule (@astrojs/internal-helpers/frontmatter): a leading block between `---` lines.
const FRONTMATTER = /(?:^\uFEFF?|^\s*\n)---([\s\S]*?\n)---/;

/** Placeholder that titles and descriptions may use; bodies stay brand-neutral (ADR 011). */
const BRAND_PLACEHOLDER = '{brand}';

interface SourceFile<T> {
  file: string;
  /** The file name without `.md`. */
  name: string;
  data: T;
  body: string;
}

type Renderer = Awaited<ReturnType<typeof createSatteriMarkdownProcessor>>;

class Loader {
  readonly problems: string[] = [];
  private readonly root: string;

  constructor(root: string) {
    this.root = root;
  }

  /** A path as the problems name it: relative to the working folder, as a developer would open it. */
  display(file: string): string {
    const path = relative(process.cwd(), file);
    return path && !path.startsWith('..') ? path : file;
  }

  problem(file: string, message: string): void {
    this.problems.push(`${this.display(file)}: ${message}`);
  }

  /** The Markdown files of `<collection>/<lang>/`, sorted by name; none when the folder does not exist. */
  markdownFiles(collection: string, lang: Lang): string[] {
    const dir = join(this.root, collection, lang);
    if (!existsSync(dir)) return [];
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
      .map((entry) => join(dir, entry.name))
      .sort();
  }

  /** Reads a Markdown file and checks its frontmatter with `schema`; undefined (and a problem) when invalid. */
  read<S extends z.core.$ZodType>(file: string, schema: S): SourceFile<z.core.output<S>> | undefined {
    const code = readFileSync(file, 'utf8');
    const match = FRONTMATTER.exec(code);
    if (!match?.[1]) {
      this.problem(file, 'no frontmatter (a block between "---" lines at the top)');
      return undefined;
    }
    const raw = match[1];
    let frontmatter: unknown;
    try {
      frontmatter = parseYaml(raw);
    } catch (error) {
      this.problem(file, `frontmatter is not valid YAML: ${(error as Error).message.split('\n')[0]}`);
      return undefined;
    }
    const parsed = z.safeParse(schema, frontmatter ?? {});
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        this.problem(file, `${issue.path.join('.') || 'frontmatter'}: ${issue.message}`);
      }
      return undefined;
    }
    const body = code.replace(`---${raw}---`, '');
    if (body.includes(BRAND_PLACEHOLDER)) {
      this.problem(file, `the body says ${BRAND_PLACEHOLDER}: only the title and description name the brand`);
      return undefined;
    }
    const name = basename(file, '.md');
    return { file, name, data: parsed.data, body };
  }

  /**
   * The items of a list collection in every language, checked as the site build checks them
   * (src/lib/content/translations.ts): every id in every language, once, with the same slug.
   */
  list<S extends z.core.$ZodType<{ id: number; slug: string }>>(
    collection: string,
    schema: S,
  ): Record<Lang, SourceFile<z.core.output<S>>[]> {
    const byLang = {} as Record<Lang, SourceFile<z.core.output<S>>[]>;
    /** Files already reported as invalid: "add <file>" would only repeat that. */
    const invalid: string[] = [];
    for (const lang of LANGUAGES) {
      byLang[lang] = this.markdownFiles(collection, lang).flatMap((file) => {
        const item = this.read(file, schema);
        if (!item) invalid.push(`add ${collection}/${lang}/${basename(file)}`);
        return item ?? [];
      });
    }
    const items = LANGUAGES.flatMap((lang) =>
      byLang[lang].map((item) => ({
        file: `${collection}/${lang}/${item.name}.md`,
        lang,
        id: item.data.id,
        slug: item.data.slug,
      })),
    );
    const base = this.display(this.root);
    for (const problem of translationProblems(collection, items, LANGUAGES)) {
      if (!invalid.some((add) => problem.endsWith(add))) this.problems.push(`${base}: ${problem}`);
    }
    return byLang;
  }

  pages(): Record<Lang, SourceFile<Page>[]> {
    const byLang = {} as Record<Lang, SourceFile<Page>[]>;
    const names = {} as Record<Lang, Set<string>>;
    for (const lang of LANGUAGES) {
      const files = this.markdownFiles('pages', lang);
      names[lang] = new Set(files.map((f) => basename(f, '.md')));
      byLang[lang] = files.flatMap((file) => this.read(file, pageSchema) ?? []);
    }
    for (const lang of LANGUAGES) {
      const wanted = new Set([...REQUIRED_PAGES, ...LANGUAGES.flatMap((l) => [...names[l]])]);
      for (const name of wanted) {
        if (!names[lang].has(name)) {
          const others = LANGUAGES.filter((l) => names[l].has(name));
          const why = others.length > 0 ? `it exists in ${others.join(', ')}` : 'the API and the site need it';
          this.problem(join(this.root, 'pages', lang, `${name}.md`), `missing (${why})`);
        }
      }
    }
    return byLang;
  }

  shops(): Shop[] {
    const file = join(this.root, 'data', 'shops.json');
    if (!existsSync(file)) {
      this.problem(file, 'missing (the shopping directory lists its stores)');
      return [];
    }
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      this.problem(file, `not valid JSON: ${(error as Error).message}`);
      return [];
    }
    const parsed = shopsSchema.safeParse(json);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        this.problem(file, `${issue.path.join('.') || 'shops'}: ${issue.message}`);
      return [];
    }
    return parsed.data;
  }
}

const byOrder = (a: { order: number; id: number }, b: { order: number; id: number }) =>
  a.order - b.order || a.id - b.id;
const newestFirst = (a: ServiceUpdate, b: ServiceUpdate) => b.date.getTime() - a.date.getTime() || b.id - a.id;

async function renderAll<T>(renderer: Renderer, items: SourceFile<T>[]): Promise<Rendered<T>[]> {
  return Promise.all(
    items.map(async (item) => {
      const { code } = await renderer.render(item.body, {
        frontmatter: item.data as Record<string, unknown>,
        fileURL: pathToFileURL(item.file),
      });
      return { ...item.data, html: code };
    }),
  );
}

/**
 * Loads, checks and renders the content under `root` (default src/content). Throws a ContentError naming every
 * file at fault.
 */
export async function loadArticleSource(root: string = CONTENT_ROOT): Promise<ArticleSource> {
  const loader = new Loader(root);
  const pages = loader.pages();
  const faqs = loader.list('faqs', faqSchema);
  const updates = loader.list('service-updates', serviceUpdateSchema);
  const banners = loader.list('banners', bannerSchema);
  const shops = loader.shops();
  if (loader.problems.length > 0) throw new ContentError(loader.problems);

  // As astro.config.mjs sets it: no syntax highlighting; GFM and smart punctuation at Astro's defaults.
  const renderer = await createSatteriMarkdownProcessor({ syntaxHighlight: false });
  const perLang = async <T, R>(
    source: Record<Lang, SourceFile<T>[]>,
    finish: (rendered: Rendered<T>[], lang: Lang) => R,
  ): Promise<Record<Lang, R>> => {
    const out = {} as Record<Lang, R>;
    for (const lang of LANGUAGES) out[lang] = finish(await renderAll(renderer, source[lang]), lang);
    return out;
  };
  return {
    pages: await perLang(pages, (rendered, lang) => {
      const names = pages[lang].map((p) => p.name);
      return new Map(rendered.map((page, i): [string, RenderedPage] => [names[i]!, { ...page, key: names[i]! }]));
    }),
    faqs: await perLang(faqs, (rendered) => rendered.sort(byOrder)),
    serviceUpdates: await perLang(updates, (rendered) => rendered.sort(newestFirst)),
    banners: await perLang(banners, (rendered) => rendered.sort(byOrder)),
    shops: [...shops].sort((a, b) => a.name.localeCompare(b.name, localeOf('en')) || a.id - b.id),
  };
}

let loading: Promise<ArticleSource> | undefined;

/** The content of src/content, loaded on first use and kept (a failed load is tried again next time). */
export function defaultArticleSource(): Promise<ArticleSource> {
  loading ??= loadArticleSource(CONTENT_ROOT).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/**
 * The articles the API serves, replaced at once by a publish (server/editor/publisher.ts): readers already
 * answering keep the source they started with, every later one gets the new.
 */
export class ArticleStore {
  private now: ArticleSource;

  constructor(source: ArticleSource) {
    this.now = source;
  }

  get(): Promise<ArticleSource> {
    return Promise.resolve(this.now);
  }

  /** The source served now, for readers that can't wait (the quick path). */
  get current(): ArticleSource {
    return this.now;
  }

  replace(source: ArticleSource): void {
    this.now = source;
  }
}
