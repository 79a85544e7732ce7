/**
 * The editor's previews: each item as the site shows it, with the site's stylesheets and the markup of its pages
 * (src/pages/[lang]/[...article].astro, faqs/, service-updates/, single-banner/, src/components/content/), in the
 * language being edited and its direction. What the site shows elsewhere follows, under a caption in the editor's
 * language: an FAQ or update as its list shows it, a banner's two carousel slides, a page's description.
 *
 * Decap shows the entry of the language chosen on the left (its `locale`), in a frame of its own.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import type { CMS, PreviewTemplateComponentProps } from 'decap-cms-core';
import { brands } from '../brands/brands.ts';
import { dirOf, isLang, type Lang } from '../i18n/languages.ts';
import { withBrand } from '../lib/content/articles.ts';
import { formatContentDate } from '../lib/content/content-date.ts';
import { buildUrl } from '../lib/routes/paths.ts';
import { BannerIcon } from './banner-icon.tsx';
import type { EditorSettings } from './settings.ts';

type PreviewProps = PreviewTemplateComponentProps & { locale?: string };

interface Context {
  settings: EditorSettings;
  t: TFunction;
}

/** The entry's value at `path` as text ('' where it has none). */
function textOf(props: PreviewProps, ...path: string[]): string {
  const value: unknown = props.entry.getIn(['data', ...path]);
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

function langOf(props: PreviewProps): Lang {
  return props.locale && isLang(props.locale) ? props.locale : 'en';
}

/** A content date (`YYYY-MM-DD`) as the page writes it. */
function ContentDate({ value, lang }: { value: string; lang: Lang }) {
  const date = new Date(value);
  if (!value || Number.isNaN(date.getTime())) return null;
  return <time dateTime={value}>{formatContentDate(date, lang)}</time>;
}

/** The page around a preview: the site's main column, in the item's language, in the brand's colours. */
function SitePage({ props, context, children }: { props: PreviewProps; context: Context; children: ReactNode }) {
  const lang = langOf(props);
  const brandId = context.settings.brand.id;
  const main = useRef<HTMLElement>(null);
  // The frame's own page, as the site's pages set theirs.
  useEffect(() => {
    const html = main.current?.ownerDocument.documentElement;
    html?.setAttribute('lang', lang);
    html?.setAttribute('dir', dirOf(lang));
    html?.setAttribute('data-brand', brandId);
  }, [lang, brandId]);
  return (
    // Decap's buttons for the panes float over the frame's right edge: the text keeps clear of them.
    <main className="site-main" ref={main} style={{ paddingRight: '3.5rem' }}>
      <article className="article">
        <SlugCheck props={props} context={context} />
        {children}
      </article>
    </main>
  );
}

/** A saved item's file keeps its name: a slug changed afterwards no longer matches it, which publishing refuses. */
function SlugCheck({ props, context }: { props: PreviewProps; context: Context }) {
  const file = String(props.entry.get('slug') ?? '');
  const slug = textOf(props, 'slug');
  if (props.entry.get('newRecord') || !file || !props.entry.hasIn(['data', 'slug']) || slug === file) return null;
  const lang = context.settings.lang;
  return (
    <div className="form-alert form-alert-warning" role="alert" lang={lang} dir={dirOf(lang)}>
      <p>{context.t('editor.preview.slugChanged', { file, slug })}</p>
    </div>
  );
}

/** What the site shows of the item elsewhere, under a caption in the editor's language. */
function Elsewhere({ caption, context, children }: { caption: string; context: Context; children: ReactNode }) {
  const lang = context.settings.lang;
  return (
    <section
      style={{ marginBlockStart: '2.5rem', paddingBlockStart: '1rem', borderBlockStart: '2px dashed var(--line)' }}
    >
      <p className="article-meta" lang={lang} dir={dirOf(lang)}>
        {caption}
      </p>
      {children}
    </section>
  );
}

function brandSlug(context: Context): string {
  return brands[context.settings.brand.id].slug;
}

function PagePreview(props: PreviewProps, context: Context) {
  const lang = langOf(props);
  const brandName = context.settings.brand.name;
  return (
    <SitePage props={props} context={context}>
      <h1>{withBrand(textOf(props, 'title'), brandName)}</h1>
      <p className="article-meta">
        <ContentDate value={textOf(props, 'updated')} lang={lang} />
      </p>
      {props.widgetFor('body')}
      <Elsewhere caption={context.t('editor.preview.description')} context={context}>
        <p>{withBrand(textOf(props, 'description'), brandName)}</p>
      </Elsewhere>
    </SitePage>
  );
}

function FaqPreview(props: PreviewProps, context: Context) {
  const lang = langOf(props);
  const subject = textOf(props, 'subject');
  const href = buildUrl(lang, 'faqs.detail', brandSlug(context), {
    id: textOf(props, 'id'),
    subject: textOf(props, 'slug'),
  });
  return (
    <SitePage props={props} context={context}>
      <h1>{subject}</h1>
      <p className="article-meta">
        <ContentDate value={textOf(props, 'updated')} lang={lang} />
      </p>
      {props.widgetFor('body')}
      <Elsewhere caption={context.t('editor.preview.list.faqs')} context={context}>
        <ol className="item-list">
          <li>
            <h2 className="item-title">
              <a href={href}>{subject}</a>
            </h2>
            <p>{textOf(props, 'summary')}</p>
          </li>
        </ol>
      </Elsewhere>
    </SitePage>
  );
}

function ServiceUpdatePreview(props: PreviewProps, context: Context) {
  const lang = langOf(props);
  const subject = textOf(props, 'subject');
  const date = <ContentDate value={textOf(props, 'date')} lang={lang} />;
  const href = buildUrl(lang, 'service-updates.detail', brandSlug(context), {
    id: textOf(props, 'id'),
    subject: textOf(props, 'slug'),
  });
  return (
    <SitePage props={props} context={context}>
      <h1>{subject}</h1>
      <p className="article-meta">{date}</p>
      {props.widgetFor('body')}
      <Elsewhere caption={context.t('editor.preview.list.service-updates')} context={context}>
        <ol className="item-list">
          <li>
            <h2 className="item-title">
              <a href={href}>{subject}</a>
            </h2>
            <p className="article-meta">{date}</p>
            <p>{textOf(props, 'summary')}</p>
          </li>
        </ol>
      </Elsewhere>
    </SitePage>
  );
}

function BannerPreview(props: PreviewProps, context: Context) {
  const lang = langOf(props);
  const icon = textOf(props, 'icon');
  const href = buildUrl(lang, 'single-banner', brandSlug(context), {
    id: textOf(props, 'id'),
    subject: textOf(props, 'slug'),
  });
  const slide = (variant: 'loggedOutBanner' | 'loggedInBanner') => (
    <div className="carousel-slide" style={{ flexBasis: '50%' }}>
      <p className="article-meta" lang={context.settings.lang} dir={dirOf(context.settings.lang)}>
        {context.t(`editor.preview.${variant}`)}
      </p>
      <a className="carousel-card" href={href}>
        <BannerIcon icon={icon} />
        <span className="carousel-card-title">{textOf(props, variant, 'title')}</span>
        <span className="carousel-card-text">{textOf(props, variant, 'text')}</span>
      </a>
    </div>
  );
  return (
    <SitePage props={props} context={context}>
      <div className="banner-heading">
        <BannerIcon icon={icon} />
        <h1>{textOf(props, 'subject')}</h1>
      </div>
      <p className="article-meta">
        <ContentDate value={textOf(props, 'updated')} lang={lang} />
      </p>
      {props.widgetFor('body')}
      <Elsewhere caption={context.t('editor.preview.carousel')} context={context}>
        <div className="carousel">
          <div className="carousel-viewport">
            <div className="carousel-track">
              {slide('loggedOutBanner')}
              {slide('loggedInBanner')}
            </div>
          </div>
        </div>
      </Elsewhere>
    </SitePage>
  );
}

/** Previews by collection name (src/lib/editor/decap-config.ts). */
const PREVIEWS = {
  pages: PagePreview,
  faqs: FaqPreview,
  'service-updates': ServiceUpdatePreview,
  banners: BannerPreview,
} satisfies Record<string, (props: PreviewProps, context: Context) => ReactNode>;

export function registerPreviews(cms: CMS, settings: EditorSettings, t: TFunction): void {
  const context: Context = { settings, t };
  for (const [name, preview] of Object.entries(PREVIEWS)) {
    const Preview = (props: PreviewProps) => preview(props, context);
    Preview.displayName = `Preview(${name})`;
    cms.registerPreviewTemplate(name, Preview);
  }
}
