/** `npm run sprites:draw`: draws the default pixel art into sprites/ (artists may replace any PNG). */

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { BUNDLES, frameFiles } from '../src/client/stage/frames';
import { UI_FOLDER, UI_TILES } from '../src/client/pixel/tiles';
import { drawRocket } from './sprites/rocket';
import { drawSpace } from './sprites/space';
import { drawUi } from './sprites/ui';
import type { Pixels } from './sprites/Pixels';

const drawings: Record<keyof typeof BUNDLES, Record<string, Pixels>> = { space: drawSpace(), rocket: drawRocket() };

for (const [bundle, specs] of Object.entries(BUNDLES) as [
  keyof typeof BUNDLES,
  (typeof BUNDLES)[keyof typeof BUNDLES],
][]) {
  const folder = join('sprites', bundle);
  mkdirSync(folder, { recursive: true });
  for (const spec of specs) {
    for (const file of frameFiles(spec)) {
      const art = drawings[bundle][file];
      if (!art) throw new Error(`No drawing for ${bundle}/${file}`);
      if (art.width * 2 !== spec.width || art.height * 2 !== spec.height)
        throw new Error(`${bundle}/${file} is drawn at the wrong size`);
      await art.save(join(folder, file));
    }
  }
}

// The pixel kit's tiles: each at its own art-pixel scale, not packed into an atlas.
const ui = drawUi(UI_TILES);
mkdirSync(join('sprites', UI_FOLDER), { recursive: true });
for (const spec of UI_TILES) {
  const art = ui[spec.name];
  if (!art) throw new Error(`No drawing for ${UI_FOLDER}/${spec.name}.png`);
  if (art.width * spec.pixel !== spec.width || art.height * spec.pixel !== spec.height)
    throw new Error(`${UI_FOLDER}/${spec.name}.png is drawn at the wrong size`);
  await art.save(join('sprites', UI_FOLDER, `${spec.name}.png`), spec.pixel);
}
console.log('Drew the default sprites into sprites/.');
