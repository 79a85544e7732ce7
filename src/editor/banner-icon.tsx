/** A banner's picture in the editor's previews, drawn as the site draws it (src/components/content/BannerIcon.astro). */
import type { Banner } from '../lib/content/schemas.ts';
import { BANNER_ICON_PATHS } from '../lib/content/banner-icons.ts';

export function BannerIcon({ icon }: { icon: string }) {
  const path = BANNER_ICON_PATHS[icon as Banner['icon']];
  if (!path) return null;
  return (
    <svg className="banner-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={path}></path>
    </svg>
  );
}
