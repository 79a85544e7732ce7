import type { RouteDef } from './route-table.ts';

/**
 * Translation key of a route's page title. Titles are written when pages are built, so their keys (and this
 * module) stay out of the browser and its catalogue (src/i18n/catalogue-parts.ts).
 */
export const pageTitleKey = (route: Pick<RouteDef, 'name'>): string => `title.${route.name}`;
