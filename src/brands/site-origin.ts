/** The public origin of a brand's site at build time: `SITE_URL_SHIPBOX` / `SITE_URL_MAILBRIDGE`, else the brand's default. */
import type { Brand } from './brands.ts';

export function siteOrigin(brand: Brand): string {
  const configured = process.env[`SITE_URL_${brand.id.toUpperCase()}`];
  return new URL(configured ?? brand.siteUrl).origin;
}
