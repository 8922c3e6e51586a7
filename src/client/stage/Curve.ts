/**
 * The multiplier curve from the start to the rocket: a chain of thin sprites for the line and pixel
 * columns for the glow under it. Sprites are made once and moved each frame: no Graphics path is
 * rebuilt per frame, and it draws the same on WebGL and canvas.
 */

import { Container, Sprite, Texture } from 'pixi.js';
import { rateAt } from '../../shared/growth';
import { plotX, plotY, type PlotBox, type PlotView } from './plot';

const SEGMENTS = 48;
const LINE_COLOR = 0xffa300;
const FILL_COLOR = 0xff004d;

export class Curve extends Container {
  private readonly segments: Sprite[] = [];
  private readonly columns: Sprite[] = [];
  private readonly xs = new Float32Array(SEGMENTS + 1);
  private readonly ys = new Float32Array(SEGMENTS + 1);
  private lineWidth = 4;

  constructor() {
    super();
    for (let index = 0; index < SEGMENTS; index += 1) {
      const column = new Sprite({ texture: Texture.WHITE, tint: FILL_COLOR, alpha: 0.16 + 0.2 * (index / SEGMENTS) });
      this.columns.push(column);
      this.addChild(column);
    }
    for (let index = 0; index < SEGMENTS; index += 1) {
      const segment = new Sprite({ texture: Texture.WHITE, tint: LINE_COLOR, anchor: { x: 0, y: 0.5 } });
      this.segments.push(segment);
      this.addChild(segment);
    }
  }

  /** Draws the curve from 0 to `elapsedMs` in `view`; returns nothing and allocates nothing. */
  draw(elapsedMs: number, view: PlotView, box: PlotBox): void {
    const baseline = box.top + box.height;
    for (let index = 0; index <= SEGMENTS; index += 1) {
      const ms = (elapsedMs * index) / SEGMENTS;
      this.xs[index] = plotX(ms, view, box);
      this.ys[index] = plotY(rateAt(ms), view, box);
    }
    for (let index = 0; index < SEGMENTS; index += 1) {
      const x0 = this.xs[index]!;
      const y0 = this.ys[index]!;
      const x1 = this.xs[index + 1]!;
      const y1 = this.ys[index + 1]!;
      const segment = this.segments[index]!;
      segment.position.set(x0, y0);
      segment.rotation = Math.atan2(y1 - y0, x1 - x0);
      segment.setSize(Math.hypot(x1 - x0, y1 - y0) + this.lineWidth * 0.5, this.lineWidth);
      const column = this.columns[index]!;
      const left = Math.round(x0);
      column.position.set(left, Math.min(y0, y1));
      column.setSize(Math.max(0, Math.round(x1) - left), Math.max(0, baseline - Math.min(y0, y1)));
    }
  }

  /** The tip of the curve as last drawn (where the rocket sits). */
  get tipX(): number {
    return this.xs[SEGMENTS]!;
  }

  get tipY(): number {
    return this.ys[SEGMENTS]!;
  }

  /** Line thickness follows the stage size: 3 px on a phone, 5 px on a desktop. */
  resize(width: number): void {
    this.lineWidth = width < 520 ? 3 : 5;
  }

  /** Fades the curve out after a crash (1) or shows it fully (0). */
  setFade(amount: number): void {
    this.alpha = 1 - amount * 0.7;
  }

  reset(): void {
    this.alpha = 1;
  }
}
