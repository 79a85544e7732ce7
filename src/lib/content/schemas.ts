/**
 * Frontmatter of the site's Markdown content (src/content/*). The site's content collections
 * (src/content.config.ts) and the API's article source (server/content) parse the same files with these
 * schemas, so an invalid file fails the build and the API alike.
 */
import { z } from '../zod.ts';

/** A URL slug: lowercase ASCII letters, digits and single hyphens; the same in every language of an item. */
export const slugSchema = z
  .string()
  .check(
    z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Expected a slug such as "how-long-does-shipping-take"'),
    z.maxLength(80),
  );

/** The number in an item's URL (`faqs/:id/:subject`); the same in every language of the item. */
export const contentIdSchema = z.int().check(z.gte(1), z.lte(99_999));

const text = z.string().check(z.trim(), z.minLength(1));

/** Informational pages: `pages/<lang>/<page>.md`. */
export const pageSchema = z.object({
  title: text,
  description: text,
  updated: z.coerce.date(),
});

/** FAQs: `faqs/<lang>/<slug>.md`, listed by `order`. */
export const faqSchema = z.object({
  id: contentIdSchema,
  slug: slugSchema,
  subject: text,
  /** One or two sentences: the short answer shown in lists. */
  summary: text,
  /** Position in the list, from 1. */
  order: z.int().check(z.gte(1)),
  updated: z.coerce.date(),
});

/** Service updates (news): `service-updates/<lang>/<slug>.md`, newest first. */
export const serviceUpdateSchema = z.object({
  id: contentIdSchema,
  slug: slugSchema,
  subject: text,
  summary: text,
  date: z.coerce.date(),
});

/** What a carousel slide says to a visitor (loggedOutBanner) or to a logged-in customer (loggedInBanner). */
export const bannerTextSchema = z.object({ title: text, text });

/** The icons a banner may show (drawn by the site, no image files). */
export const BANNER_ICONS = ['plane', 'box', 'shield', 'percent', 'store', 'globe', 'wallet', 'truck'] as const;

/** Single banners: `banners/<lang>/<slug>.md`; the carousel shows them by `order`, each opens its article. */
export const bannerSchema = z.object({
  id: contentIdSchema,
  slug: slugSchema,
  subject: text,
  summary: text,
  order: z.int().check(z.gte(1)),
  icon: z.enum(BANNER_ICONS),
  loggedOutBanner: bannerTextSchema,
  loggedInBanner: bannerTextSchema,
  updated: z.coerce.date(),
});

/** Store categories of the shopping directory; labels are the translation keys `shop.category.{value}`. */
export const SHOP_CATEGORIES = [
  'marketplace',
  'fashion',
  'electronics',
  'beauty',
  'home',
  'kids',
  'sports',
  'books',
  'auto',
  'health',
] as const;

/** One store of the shopping directory (`src/content/data/shops.json`). */
export const shopSchema = z.object({
  id: contentIdSchema,
  name: text,
  url: z.url({ protocol: /^https$/ }),
  countryCode: z.string().check(z.regex(/^[A-Z]{2}$/)),
  category: z.enum(SHOP_CATEGORIES),
  descriptionEn: text,
  descriptionAr: text.check(z.regex(/\p{Script=Arabic}/u, 'Expected text in Arabic script')),
});
export const shopsSchema = z
  .array(shopSchema)
  .check(z.refine((shops) => new Set(shops.map((s) => s.id)).size === shops.length, 'Expected each shop id once'));

export type Faq = z.infer<typeof faqSchema>;
export type ServiceUpdate = z.infer<typeof serviceUpdateSchema>;
export type Banner = z.infer<typeof bannerSchema>;
export type Shop = z.infer<typeof shopSchema>;
