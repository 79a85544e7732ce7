/**
 * Draws the installable app's PNG icons from each brand's favicon (public/favicon-<brand>.svg) into public/icons/
 * (src/lib/site/app-manifest.ts names them). Run it after changing a favicon, and commit the PNGs:
 *
 *   node scripts/make-app-icons.ts
 *
 * tests/unit/app-manifest.test.ts fails while a committed icon differs from what this draws.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { brands, type BrandId } from '../src/brands/brands.ts';
import { APP_COLOURS, APP_ICONS, faviconPath, iconPath, type AppIcon } from '../src/lib/site/app-manifest.ts';

const publicDir = join(import.meta.dirname, '..', 'public');

/** The file under public/ of a path the site serves. */
export function publicFile(path: string): string {
  return join(publicDir, ...path.split('/').filter(Boolean));
}

/**
 * One icon as a PNG. The favicon is drawn at the icon's size (its vector, not a scaled-up bitmap); a maskable or
 * Apple icon fills the favicon's rounded corners with the brand's colour, so the square is edge to edge, and a
 * maskable one draws it at 80% with a margin of that colour, so its mark keeps clear of any launcher's cut.
 */
export async function drawIcon(brandId: BrandId, icon: AppIcon): Promise<Buffer> {
  const svg = publicFile(faviconPath(brands[brandId]));
  const background = APP_COLOURS[brandId].theme;
  const inner = icon.purpose === 'maskable' ? Math.round(icon.size * 0.8) : icon.size;
  const { width = 32 } = await sharp(svg).metadata();
  const drawn = sharp(svg, { density: (72 * inner) / width }).resize(inner, inner);
  if (icon.purpose === 'any') return drawn.png({ compressionLevel: 9 }).toBuffer();
  const start = Math.floor((icon.size - inner) / 2);
  const end = icon.size - inner - start;
  const square = await drawn.flatten({ background }).png().toBuffer();
  return sharp(square)
    .extend({ top: start, left: start, bottom: end, right: end, background })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

async function main(): Promise<void> {
  for (const brandId of Object.keys(brands) as BrandId[]) {
    for (const icon of APP_ICONS) {
      const file = publicFile(iconPath(brandId, icon));
      writeFileSync(file, await drawIcon(brandId, icon));
      console.log(`Wrote ${file}`);
    }
  }
}

if (import.meta.main) await main();
