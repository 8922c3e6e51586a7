/** The rocket riding the tip of the curve, its flame flickering faster as it climbs. */

import { Container, Sprite } from 'pixi.js';
import { anchorOf } from './frames';
import type { StageTextures } from './textures';

const FLAME_FPS = 14;
const WOBBLE_PX = 1.5;

export class Rocket extends Container {
  private readonly body: Sprite;
  private readonly flame: Sprite;
  private frameTime = 0;
  private frame = 0;
  private wobble = 0;

  constructor(private readonly textures: StageTextures) {
    super();
    this.flame = new Sprite({ texture: textures.flame[0], anchor: anchorOf('flame'), x: -27, y: 0 });
    this.body = new Sprite({ texture: textures.rocket, anchor: anchorOf('rocket') });
    this.addChild(this.flame, this.body);
  }

  /** Places the rocket at a point of the curve, nose along the tangent, and animates the flame. */
  update(dt: number, x: number, y: number, angle: number, thrust: number): void {
    this.wobble += dt;
    this.frameTime += dt * (1 + thrust);
    if (this.frameTime >= 1 / FLAME_FPS) {
      this.frameTime %= 1 / FLAME_FPS;
      this.frame = (this.frame + 1) % this.textures.flame.length;
      this.flame.texture = this.textures.flame[this.frame]!;
    }
    this.flame.scale.set(0.9 + thrust * 0.5, 0.9 + Math.sin(this.wobble * 30) * 0.1);
    this.position.set(x, y + Math.sin(this.wobble * 9) * WOBBLE_PX);
    this.rotation = angle;
  }

  /** Rocket size for the stage: smaller on a phone, never bigger than its art at 2x. */
  resize(width: number, height: number): void {
    this.scale.set(Math.min(1.6, Math.max(0.6, Math.min(width / 700, height / 380))));
  }

  /** How far the rocket's art reaches from its centre at any heading, with the wobble (px). */
  get reach(): number {
    return (Math.hypot(this.body.texture.width, this.body.texture.height) / 2) * this.scale.x + WOBBLE_PX;
  }

  reset(): void {
    this.visible = true;
    this.alpha = 1;
    this.frameTime = 0;
  }
}
