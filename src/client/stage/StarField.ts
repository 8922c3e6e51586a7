/**
 * The parallax stars: one ParticleContainer, so one draw for every star, whose bands drift at their
 * own depth and wrap around the stage. Three containers (one a band) cost two more draws and shader
 * binds a frame: at a 4x CPU slowdown about 0.35 ms of the page path's frame (docs/benchmarks/frames.md).
 */

import { Particle, ParticleContainer, type Texture } from 'pixi.js';
import { anchorOf } from './frames';
import { seededRandom } from './random';

const STAR_ANCHOR = anchorOf('star');

/** One band of stars at one depth. */
interface StarBand {
  /** Stars at full density per 100 000 px². */
  perArea: number;
  /** Drift speed relative to the scene speed (far bands are slow). */
  depth: number;
  scale: number;
  alpha: number;
  tint: number;
  seed: number;
}

interface BandStars {
  style: StarBand;
  pool: Particle[];
  twinkle: number[];
  shown: number;
}

export class StarField extends ParticleContainer {
  private readonly bands: BandStars[];
  private areaWidth = 1;
  private areaHeight = 1;
  private density = 1;
  private time = 0;

  /** Bands from the farthest, drawn in that order. */
  constructor(
    private readonly starTexture: Texture,
    bands: StarBand[],
  ) {
    super({ dynamicProperties: { position: true, color: true, vertex: false, rotation: false, uvs: false } });
    this.bands = bands.map((style) => ({ style, pool: [], twinkle: [], shown: 0 }));
  }

  /** Moves every star by the scene's velocity (px/s at depth 1) and twinkles them. */
  drift(dt: number, vx: number, vy: number): void {
    this.time += dt;
    const w = this.areaWidth;
    const h = this.areaHeight;
    for (const { style, pool, twinkle, shown } of this.bands) {
      const dx = vx * style.depth * dt;
      const dy = vy * style.depth * dt;
      for (let index = 0; index < shown; index += 1) {
        const star = pool[index]!;
        star.x = (((star.x + dx) % w) + w) % w;
        star.y = (((star.y + dy) % h) + h) % h;
        star.alpha = style.alpha * (0.75 + 0.25 * Math.sin(this.time * 2 + (twinkle[index] ?? 0)));
      }
    }
  }

  /** Scatters the right number of stars for the new size (rare: on resize and quality change). */
  resize(width: number, height: number): void {
    this.areaWidth = Math.max(1, width);
    this.areaHeight = Math.max(1, height);
    this.fill();
  }

  /** A fraction (0..1) of the full star count: lowered by adaptive quality. */
  setDensity(density: number): void {
    this.density = density;
    this.fill();
  }

  /** Stars currently shown. */
  get count(): number {
    return this.bands.reduce((sum, band) => sum + band.shown, 0);
  }

  private fill(): void {
    this.removeParticles();
    for (const band of this.bands) {
      const { style, pool } = band;
      const wanted = Math.round(((this.areaWidth * this.areaHeight) / 100_000) * style.perArea * this.density);
      const random = seededRandom(style.seed);
      while (pool.length < wanted) {
        const size = style.scale * (0.6 + random() * 0.8);
        band.twinkle.push(random() * Math.PI * 2);
        pool.push(
          new Particle({
            texture: this.starTexture,
            anchorX: STAR_ANCHOR.x,
            anchorY: STAR_ANCHOR.y,
            scaleX: size,
            scaleY: size,
            tint: style.tint,
          }),
        );
      }
      for (const star of pool) {
        star.x = random() * this.areaWidth;
        star.y = random() * this.areaHeight;
      }
      band.shown = wanted;
      if (wanted > 0) this.addParticle(...pool.slice(0, wanted));
    }
  }
}
