/** The textures the stage draws with, looked up once from the loaded atlases by frame name. */

import type { Texture } from 'pixi.js';

export interface StageTextures {
  star: Texture;
  planets: Texture[];
  asteroids: Texture[];
  mark: Texture;
  rocket: Texture;
  flame: Texture[];
  blast: Texture[];
}

/** Builds the set from a frame-name lookup (atlas frames are named like the PNGs: `flame-0.png`). */
export function stageTextures(frame: (name: string) => Texture): StageTextures {
  const frames = (name: string, count: number) => Array.from({ length: count }, (_, index) => frame(`${name}-${index}.png`));
  return {
    star: frame('star.png'),
    planets: ['planet-ringed.png', 'planet-red.png', 'planet-ice.png'].map(frame),
    asteroids: frames('asteroid', 2),
    mark: frame('mark.png'),
    rocket: frame('rocket.png'),
    flame: frames('flame', 4),
    blast: frames('blast', 6),
  };
}
