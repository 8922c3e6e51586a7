/** `npm run sprites:draw`: draws the default pixel art into sprites/<bundle>/ (artists may replace any PNG). */

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { BUNDLES, frameFiles } from '../src/client/stage/frames';
import { drawRocket } from './sprites/rocket';
import { drawSpace } from './sprites/space';
import type { Pixels } from './sprites/Pixels';

const drawings: Record<keyof typeof BUNDLES, Record<string, Pixels>> = { space: drawSpace(), rocket: drawRocket() };

for (const [bundle, specs] of Object.entries(BUNDLES) as [keyof typeof BUNDLES, (typeof BUNDLES)[keyof typeof BUNDLES]][]) {
  const folder = join('sprites', bundle);
  mkdirSync(folder, { recursive: true });
  for (const spec of specs) {
    for (const file of frameFiles(spec)) {
      const art = drawings[bundle][file];
      if (!art) throw new Error(`No drawing for ${bundle}/${file}`);
      if (art.width * 2 !== spec.width || art.height * 2 !== spec.height) throw new Error(`${bundle}/${file} is drawn at the wrong size`);
      await art.save(join(folder, file));
    }
  }
}
console.log('Drew the default sprites into sprites/.');
