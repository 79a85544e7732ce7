/**
 * The installable app (issue 26): one web app manifest per brand and language, served as
 * `/manifest-<lang>.webmanifest` (src/pages/manifest-[lang].webmanifest.ts), and the icons it names, drawn from
 * the brand's favicon (`public/favicon-<brand>.svg`) by scripts/make-app-icons.ts into `public/icons/`.
 */
import type { TFunction } from 'i18next';
import type { Brand, BrandId } from '../../brands/brands.ts';
import { dirOf, type Lang } from '../../i18n/languages.ts';
import { buildUrl } from '../routes/paths.ts';

/** The brand's colour (its `--brand` in src/styles/global.css) and the page's background, for the app's frame. */
export const APP_COLOURS: Readonly<Record<BrandId, { theme: string; background: string }>> = {
  shipbox: { theme: '#0b5cad', background: '#ffffff' },
  mailbridge: { theme: '#1d6b4f', background: '#ffffff' },
};

/**
 * The PNG icons of a brand. `any`: the favicon as it is, rounded corners and all. `maskable` and `apple`: the
 * favicon on a full square of the brand's colour (a launcher cuts its own shape; iOS paints transparency black);
 * the maskable one draws it at 80% of its width, so its mark stays well inside the safe zone (the centre circle of
 * 80% of the width) whatever shape the launcher cuts.
 */
export const APP_ICONS = [
  { name: '192', size: 192, purpose: 'any' },
  { name: '512', size: 512, purpose: 'any' },
  { name: 'maskable-512', size: 512, purpose: 'maskable' },
  { name: 'apple-180', size: 180, purpose: 'apple' },
] as const;

export type AppIcon = (typeof APP_ICONS)[number];

/** Where an icon of the brand is served (and lies under public/). */
export function iconPath(brandId: BrandId, icon: AppIcon): string {
  return `/icons/${brandId}-${icon.name}.png`;
}

/** The brand's favicon, the source of its icons. */
export function faviconPath(brand: Brand): string {
  return `/favicon-${brand.slug}.svg`;
}

/** The 180-pixel icon iOS puts on the home screen (`<link rel="apple-touch-icon">`). */
export function appleTouchIconPath(brandId: BrandId): string {
  const apple = APP_ICONS.find((icon) => icon.purpose === 'apple')!;
  return iconPath(brandId, apple);
}

/** The manifest's language: the page's when the brand has it, else the brand's first (Mailbridge is English only). */
export function manifestLang(brand: Brand, lang: Lang): Lang {
  return brand.languages.includes(lang) ? lang : (brand.languages[0] ?? 'en');
}

/** The manifest a page of this language links to. */
export function manifestHref(brand: Brand, lang: Lang): string {
  return `/manifest-${manifestLang(brand, lang)}.webmanifest`;
}

export interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose: 'any' | 'maskable';
}

export interface WebAppManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: Lang;
  dir: 'ltr' | 'rtl';
  start_url: string;
  scope: string;
  display: 'standalone';
  theme_color: string;
  background_color: string;
  icons: ManifestIcon[];
  shortcuts: { name: string; url: string; icons: ManifestIcon[] }[];
}

/**
 * The manifest of a brand in one language. Each language is an app of its own (its `id` is its home), opened on
 * that home, so the English and the Arabic app can sit side by side and neither rewrites the other. `t` translates
 * into the manifest's language.
 */
export function appManifest(brand: Brand, lang: Lang, t: TFunction): WebAppManifest {
  if (!brand.languages.includes(lang)) throw new Error(`${brand.name} has no ${lang} app`);
  const url = (name: string, query: Record<string, string> = {}) => buildUrl(lang, name, brand.slug, {}, query);
  const home = url('home');
  const icons: ManifestIcon[] = [
    ...APP_ICONS.filter((icon) => icon.purpose !== 'apple').map((icon) => ({
      src: iconPath(brand.id, icon),
      sizes: `${icon.size}x${icon.size}`,
      type: 'image/png',
      purpose: icon.purpose,
    })),
    { src: faviconPath(brand), sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
  ];
  const shortcutIcons = icons.filter((icon) => icon.sizes === '192x192');
  const shortcut = (name: string, href: string) => ({ name, url: href, icons: shortcutIcons });
  return {
    id: home,
    // The brand's name is the same in every language.
    name: brand.name,
    short_name: brand.name,
    description: t('site.description', { brand: brand.name }),
    lang,
    dir: dirOf(lang),
    start_url: home,
    scope: '/',
    display: 'standalone',
    theme_color: APP_COLOURS[brand.id].theme,
    background_color: APP_COLOURS[brand.id].background,
    icons,
    shortcuts: [
      shortcut(t('accountHome.tab.packages'), url('account-home', { tab: 'packages' })),
      shortcut(t('accountHome.tab.messages'), url('account-home', { tab: 'messages' })),
      shortcut(t('title.office-locator'), url('office-locator')),
    ],
  };
}
