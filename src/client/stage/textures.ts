/** The textures the stage draws with, looked up once from the loaded atlases by frame name. */

import type { Texture } from 'pixi.js';
import { frameFiles, frameSpec } from './frames';

/** The planets far to near, in the order of `StageTextures.planets`. */
export const PLANETS = ['planet-ringed', 'planet-red', 'planet-ice'] as const;

export interface StageTextures {
  star: Texture;
  planets: Texture[];
  asteroids: Texture[];
  mark: Texture;
  rocket: Texture;
  flame: Texture[];
  blast: Texture[];
}

/** Builds the set from a frame-name lookup (atlas frames are named like the PNGs: `flame-0.png`), frame counts from frames.ts. */
export function stageTextures(frame: (name: string) => Texture): StageTextures {
  const all = (name: string) => frameFiles(frameSpec(name)).map(frame);
  const one = (name: string) => all(name)[0]!;
  return {
    star: one('star'),
    planets: PLANETS.map(one),
    asteroids: all('asteroid'),
    mark: one('mark'),
    rocket: one('rocket'),
    flame: all('flame'),
    blast: all('blast'),
  };
}
