/** One parallax layer of stars: a ParticleContainer whose particles drift and wrap around the stage. */

import { Particle, ParticleContainer, type Texture } from 'pixi.js';
import { anchorOf } from './frames';
import { seededRandom } from './random';

const STAR_ANCHOR = anchorOf('star');

interface StarLayerStyle {
  /** Stars at full density per 100 000 px². */
  perArea: number;
  /** Drift speed relative to the scene speed (far layers are slow). */
  depth: number;
  scale: number;
  alpha: number;
  tint: number;
  seed: number;
}

export class StarLayer extends ParticleContainer {
  private readonly pool: Particle[] = [];
  private readonly twinkle: number[] = [];
  private areaWidth = 1;
  private areaHeight = 1;
  private density = 1;
  private shown = 0;
  private time = 0;

  constructor(
    private readonly starTexture: Texture,
    private readonly style: StarLayerStyle,
  ) {
    super({ dynamicProperties: { position: true, color: true, vertex: false, rotation: false, uvs: false } });
  }

  /** Moves every star by the scene's velocity (px/s at depth 1) and twinkles them. */
  drift(dt: number, vx: number, vy: number): void {
    this.time += dt;
    const dx = vx * this.style.depth * dt;
    const dy = vy * this.style.depth * dt;
    const w = this.areaWidth;
    const h = this.areaHeight;
    for (let index = 0; index < this.shown; index += 1) {
      const star = this.pool[index]!;
      star.x = (((star.x + dx) % w) + w) % w;
      star.y = (((star.y + dy) % h) + h) % h;
      star.alpha = this.style.alpha * (0.75 + 0.25 * Math.sin(this.time * 2 + (this.twinkle[index] ?? 0)));
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
    return this.shown;
  }

  private fill(): void {
    const wanted = Math.round(((this.areaWidth * this.areaHeight) / 100_000) * this.style.perArea * this.density);
    const random = seededRandom(this.style.seed);
    while (this.pool.length < wanted) {
      const size = this.style.scale * (0.6 + random() * 0.8);
      this.twinkle.push(random() * Math.PI * 2);
      this.pool.push(
        new Particle({
          texture: this.starTexture,
          anchorX: STAR_ANCHOR.x,
          anchorY: STAR_ANCHOR.y,
          scaleX: size,
          scaleY: size,
          tint: this.style.tint,
        }),
      );
    }
    for (const star of this.pool) {
      star.x = random() * this.areaWidth;
      star.y = random() * this.areaHeight;
    }
    this.removeParticles();
    this.shown = wanted;
    if (wanted > 0) this.addParticle(...this.pool.slice(0, wanted));
  }
}
