/** The crash: a burst played once where the rocket flew away, and a white flash over the stage. */

import { Container, Sprite, Texture } from 'pixi.js';
import { anchorOf } from './frames';
import type { StageTextures } from './textures';

const BURST_FPS = 16;
const FLASH_SECONDS = 0.35;
/** The burst is drawn this much larger than the rocket. */
const BURST_SCALE = 1.5;

export class CrashEffect extends Container {
  private readonly burst: Sprite;
  private readonly flash = new Sprite({ texture: Texture.WHITE, alpha: 0, visible: false });
  private time = -1;

  constructor(private readonly textures: StageTextures) {
    super();
    this.burst = new Sprite({ texture: textures.blast[0], anchor: anchorOf('blast'), visible: false });
    this.addChild(this.burst, this.flash);
  }

  /** Starts the burst at (x, y); `flash` is off for reduced motion. */
  play(x: number, y: number, scale: number, flash: boolean): void {
    this.time = 0;
    this.burst.position.set(x, y);
    this.burst.scale.set(scale * BURST_SCALE);
    this.burst.visible = true;
    this.flash.alpha = flash ? 0.35 : 0;
    this.flash.visible = flash;
  }

  update(dt: number): void {
    if (this.time < 0) return;
    this.time += dt;
    const frame = Math.floor(this.time * BURST_FPS);
    if (frame >= this.textures.blast.length) {
      this.burst.visible = false;
    } else {
      this.burst.texture = this.textures.blast[frame]!;
    }
    this.flash.alpha = Math.max(0, this.flash.alpha - (dt / FLASH_SECONDS) * 0.35);
    this.flash.visible = this.flash.alpha > 0;
    if (!this.burst.visible && this.flash.alpha === 0) this.time = -1;
  }

  /** How far the burst reaches from the crash point for a rocket drawn at `scale` (px). */
  reach(scale: number): number {
    return (this.textures.blast[0]!.width / 2) * scale * BURST_SCALE;
  }

  /** How strongly the stage should shake now (0..1), fading over the burst. */
  get shake(): number {
    return this.time < 0 ? 0 : Math.max(0, 1 - this.time * 2.5);
  }

  resize(width: number, height: number): void {
    this.flash.setSize(width, height);
  }

  reset(): void {
    this.time = -1;
    this.burst.visible = false;
    this.flash.alpha = 0;
    this.flash.visible = false;
  }
}
