/**
 * The banners' pictures: simple line icons drawn in the page (no image request), as paths of a 24×24 box. The site
 * (src/components/content/BannerIcon.astro) and the content editor's previews (src/editor/banner-icon.tsx) draw
 * the same ones.
 */
import type { Banner } from './schemas.ts';

export const BANNER_ICON_PATHS: Record<Banner['icon'], string> = {
  plane: 'M2 16l20-8-4 12-6-4-4 4v-6l10-8-12 6z',
  box: 'M3 7l9-4 9 4v10l-9 4-9-4zM3 7l9 4 9-4M12 11v10',
  shield: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM8.5 12l2.5 2.5 4.5-5',
  percent: 'M5 19L19 5M7 9a2 2 0 100-4 2 2 0 000 4zM17 19a2 2 0 100-4 2 2 0 000 4z',
  store: 'M4 10v10h16V10M3 10l2-6h14l2 6zM9 20v-6h6v6',
  globe: 'M12 21a9 9 0 100-18 9 9 0 000 18zM3 12h18M12 3c3 3 3 15 0 18M12 3c-3 3-3 15 0 18',
  wallet: 'M3 7h16a2 2 0 012 2v9a2 2 0 01-2 2H3zM3 7l12-4v4M16 13.5h2',
  truck: 'M2 6h12v10H2zM14 10h4l3 3v3h-7M6.5 19a2 2 0 100-4 2 2 0 000 4zM17.5 19a2 2 0 100-4 2 2 0 000 4z',
};
