/** What the server's `GET /admin/config.json` tells the content editor (server/editor/editor-routes.ts). */
import type { BrandId } from '../brands/brands.ts';
import type { Catalogue } from '../i18n/i18n.ts';
import type { Lang } from '../i18n/languages.ts';
import type { DecapConfig } from '../lib/editor/decap-config.ts';

export interface EditorSettings {
  config: DecapConfig;
  brand: { id: BrandId; name: string; languages: Lang[] };
  /** The site's built stylesheets, which dress the previews. */
  previewStyles: string[];
  /** The editor's language. */
  lang: Lang;
  /** The catalogue's `editor.` keys in the editor's language. */
  messages: Catalogue;
  /** Where to ask for a publish and its progress; null where the server does not publish (a git backend). */
  publishUrl: string | null;
}
