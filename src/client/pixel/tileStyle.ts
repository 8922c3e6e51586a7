/** The inline custom properties that point a `.px-tile` element's border-image at one tile sheet. */

import type { CSSProperties } from 'react';
import { tileUrl, UI_TILES } from './tiles';

const SPECS = new Map(UI_TILES.map((spec) => [spec.name, spec]));

/** `--px-image`, `--px-slice` and `--px-corner` for a nine-slice tile: slice = shown corner, in px. */
export function tileStyle(name: string): CSSProperties {
  const corner = SPECS.get(name)?.corner;
  if (!corner) throw new Error(`no nine-slice tile named "${name}" in tiles.ts`);
  return {
    '--px-image': `url("${tileUrl(name)}")`,
    '--px-slice': `${corner.y} ${corner.x}`,
    '--px-corner': `${corner.y}px ${corner.x}px`,
  } as CSSProperties;
}

let preloaded = false;

/** Fetches every tile once, so the first hover or press does not flash an empty frame. */
export function preloadTiles(): void {
  if (preloaded || typeof Image === 'undefined') return;
  preloaded = true;
  for (const spec of UI_TILES) new Image().src = tileUrl(spec.name);
}
