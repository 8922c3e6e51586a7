/**
 * The animated space behind the curve: parallax stars, planets, asteroids and shooting marks. Every
 * star is in one field behind the planets (one draw: StarField.ts), the near band included.
 * The sky gradient is the stage's CSS background under a transparent canvas: static, so the
 * compositor keeps it, while a full-screen quad per frame costs a software-GL phone a lot.
 */

import { Container, Sprite } from 'pixi.js';
import { seededRandom } from './random';
import { StarField } from './StarField';
import { anchorOf } from './frames';
import { PLANETS, type StageTextures } from './textures';

interface Drifter {
  sprite: Sprite;
  depth: number;
  spin: number;
}

export class Background extends Container {
  /** Scene speed in px/s at depth 1: the stage raises it as the rocket climbs. */
  speed = 0;
  /** prefers-reduced-motion: slow drift, no shooting marks, no spinning. */
  calm = false;
  private readonly stars: StarField;
  private readonly drifters: Drifter[] = [];
  private readonly marks: Sprite[] = [];
  private readonly random = seededRandom(42);
  private areaWidth = 1;
  private areaHeight = 1;
  private markTimer = 1;

  constructor(textures: StageTextures) {
    super();
    this.stars = new StarField(textures.star, [
      { perArea: 90, depth: 0.15, scale: 0.35, alpha: 0.55, tint: 0x9fa8ff, seed: 1 },
      { perArea: 40, depth: 0.35, scale: 0.55, alpha: 0.8, tint: 0xffe6d0, seed: 2 },
      { perArea: 12, depth: 0.7, scale: 0.85, alpha: 1, tint: 0xffffff, seed: 3 },
    ]);
    this.addChild(this.stars);
    const planets: [number, number][] = [
      [0.08, 1],
      [0.2, 0.9],
      [0.3, 0.8],
    ];
    textures.planets.forEach((texture, index) =>
      this.addDrifter(texture, anchorOf(PLANETS[index]!), planets[index]?.[0] ?? 0.2, 0, planets[index]?.[1] ?? 1),
    );
    for (let index = 0; index < 4; index += 1) {
      this.addDrifter(
        textures.asteroids[index % textures.asteroids.length]!,
        anchorOf('asteroid'),
        0.5 + index * 0.1,
        (this.random() - 0.5) * 2,
        0.8 + this.random() * 0.6,
      );
    }
    for (let index = 0; index < 3; index += 1) {
      const mark = new Sprite({ texture: textures.mark, anchor: anchorOf('mark'), visible: false });
      this.marks.push(mark);
      this.addChild(mark);
    }
  }

  /** Drifts everything down-left (the rocket flies up-right); faster layers are nearer. */
  update(dt: number): void {
    const speed = this.calm ? Math.min(this.speed, 20) * 0.3 : this.speed;
    const vx = -speed;
    const vy = speed * 0.45;
    this.stars.drift(dt, vx, vy);
    const w = this.areaWidth;
    const h = this.areaHeight;
    for (const { sprite, depth, spin } of this.drifters) {
      sprite.x += vx * depth * dt;
      sprite.y += vy * depth * dt;
      if (!this.calm) sprite.rotation += spin * dt;
      const margin = Math.max(sprite.width, sprite.height);
      if (sprite.x < -margin) sprite.x += w + margin * 2;
      if (sprite.y > h + margin) sprite.y -= h + margin * 2;
    }
    this.updateMarks(dt);
  }

  resize(width: number, height: number): void {
    this.areaWidth = Math.max(1, width);
    this.areaHeight = Math.max(1, height);
    this.stars.resize(width, height);
    const scale = Math.min(1.5, Math.max(0.5, height / 420));
    const spots: [number, number][] = [
      [0.78, 0.22],
      [0.3, 0.6],
      [0.62, 0.78],
      [0.15, 0.2],
      [0.5, 0.35],
      [0.9, 0.55],
      [0.4, 0.9],
    ];
    this.drifters.forEach(({ sprite }, index) => {
      const [x, y] = spots[index] ?? [0.5, 0.5];
      sprite.position.set(x * width, y * height);
      sprite.scale.set(scale);
    });
  }

  /** Star density for adaptive quality; marks and asteroids stay (they are few). */
  setDensity(density: number): void {
    this.stars.setDensity(density);
  }

  /** Stars now on screen (for tests and the benchmark). */
  get starCount(): number {
    return this.stars.count;
  }

  private addDrifter(
    texture: StageTextures['star'],
    anchor: { x: number; y: number },
    depth: number,
    spin: number,
    alpha: number,
  ): void {
    const sprite = new Sprite({ texture, anchor, alpha });
    this.drifters.push({ sprite, depth, spin });
    this.addChild(sprite);
  }

  private updateMarks(dt: number): void {
    this.markTimer -= dt;
    if (!this.calm && this.markTimer <= 0) {
      this.markTimer = 0.8 + this.random() * 2.5;
      const mark = this.marks.find((candidate) => !candidate.visible);
      if (mark) {
        mark.visible = true;
        mark.alpha = 1;
        mark.position.set(this.areaWidth * (0.3 + this.random() * 0.8), this.areaHeight * this.random() * 0.5);
        mark.rotation = 2.6 + this.random() * 0.3;
        mark.scale.set(0.8 + this.random() * 0.8);
      }
    }
    for (const mark of this.marks) {
      if (!mark.visible) continue;
      const velocity = 520 + this.speed;
      mark.x += Math.cos(mark.rotation) * velocity * dt;
      mark.y += Math.sin(mark.rotation) * velocity * dt;
      mark.alpha -= dt * 0.9;
      if (mark.alpha <= 0 || this.calm) mark.visible = false;
    }
  }
}
