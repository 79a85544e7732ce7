/**
 * The web app manifest of each language of the brand (issue 26): `/manifest-en.webmanifest`, and
 * `/manifest-ar.webmanifest` for Shipbox. Pages link to theirs (src/layouts/BaseLayout.astro).
 */
import type { APIRoute } from 'astro';
import { brand, translatorFor } from '../brands/current-brand.ts';
import { appManifest } from '../lib/site/app-manifest.ts';

export function getStaticPaths() {
  return brand.languages.map((lang) => ({
    params: { lang },
    props: { manifest: appManifest(brand, lang, translatorFor(lang)) },
  }));
}

export const GET: APIRoute = ({ props }) =>
  new Response(`${JSON.stringify(props.manifest, null, 2)}\n`, {
    headers: { 'Content-Type': 'application/manifest+json' },
  });
