/**
 * The multiplier curve from the start to the rocket: a line of thin quads and pixel columns for the
 * glow under it, each one mesh whose vertices the frame writes in place. Two meshes instead of 96
 * sprites: no per-sprite transform or bounds each frame. Both go into the sprites' batch (with the
 * rocket's): drawn with the mesh shader they cost two more draws, program switches and geometry
 * binds a frame, more than packing their 384 vertices into the batch's buffer.
 */

import { BufferImageSource, Container, MeshSimple, Texture } from 'pixi.js';
import { rateAt } from '../../shared/growth';
import { plotX, plotY, type PlotBox, type PlotView } from './plot';

const SEGMENTS = 48;
const LINE_COLOR = 0xffa300;
const FILL_COLOR = 0xff004d;

/** Vertex order of each quad: two triangles over corners 0-1-2-3. */
function quadIndices(count: number): Uint32Array {
  const indices = new Uint32Array(count * 6);
  for (let quad = 0; quad < count; quad += 1)
    indices.set(
      [0, 1, 2, 0, 2, 3].map((corner) => quad * 4 + corner),
      quad * 6,
    );
  return indices;
}

/** One texel per column, white at the column's opacity (premultiplied): the glow brightens toward the rocket. */
function glowTexture(): Texture {
  const texels = new Uint8Array(SEGMENTS * 4);
  for (let index = 0; index < SEGMENTS; index += 1)
    texels.fill(Math.round(255 * (0.16 + 0.2 * (index / SEGMENTS))), index * 4, index * 4 + 4);
  const source = new BufferImageSource({
    resource: texels,
    width: SEGMENTS,
    height: 1,
    alphaMode: 'premultiplied-alpha',
    scaleMode: 'nearest',
  });
  return new Texture({ source });
}

export class Curve extends Container {
  private readonly line: MeshSimple;
  private readonly glow: MeshSimple;
  private readonly xs = new Float32Array(SEGMENTS + 1);
  private readonly ys = new Float32Array(SEGMENTS + 1);
  private lineWidth = 4;

  constructor() {
    super();
    const indices = quadIndices(SEGMENTS);
    // Column i samples texel i of the glow texture at all four corners.
    const glowUvs = new Float32Array(SEGMENTS * 8);
    for (let index = 0; index < SEGMENTS; index += 1) glowUvs.fill((index + 0.5) / SEGMENTS, index * 8, index * 8 + 8);
    for (let corner = 1; corner < glowUvs.length; corner += 2) glowUvs[corner] = 0.5;
    this.glow = new MeshSimple({
      texture: glowTexture(),
      vertices: new Float32Array(SEGMENTS * 8),
      uvs: glowUvs,
      indices,
      tint: FILL_COLOR,
    });
    this.line = new MeshSimple({
      texture: Texture.WHITE,
      vertices: new Float32Array(SEGMENTS * 8),
      uvs: new Float32Array(SEGMENTS * 8).fill(0.5),
      indices,
      tint: LINE_COLOR,
    });
    // Over 100 vertices Pixi draws a mesh on its own unless told to batch it.
    this.glow.geometry.batchMode = this.line.geometry.batchMode = 'batch';
    this.addChild(this.glow, this.line);
  }

  /** Draws the curve from 0 to `elapsedMs` in `view`; returns nothing and allocates nothing. */
  draw(elapsedMs: number, view: PlotView, box: PlotBox): void {
    const baseline = box.top + box.height;
    for (let index = 0; index <= SEGMENTS; index += 1) {
      const ms = (elapsedMs * index) / SEGMENTS;
      this.xs[index] = plotX(ms, view, box);
      this.ys[index] = plotY(rateAt(ms), view, box);
    }
    const line = this.line.vertices;
    const glow = this.glow.vertices;
    const half = this.lineWidth / 2;
    for (let index = 0; index < SEGMENTS; index += 1) {
      const x0 = this.xs[index]!;
      const y0 = this.ys[index]!;
      const x1 = this.xs[index + 1]!;
      const y1 = this.ys[index + 1]!;
      // A segment runs from its start half a line width past its end, so the joints stay closed.
      const length = Math.hypot(x1 - x0, y1 - y0);
      const dx = length > 0 ? (x1 - x0) / length : 1;
      const dy = length > 0 ? (y1 - y0) / length : 0;
      const ex = x0 + dx * (length + half);
      const ey = y0 + dy * (length + half);
      const nx = -dy * half;
      const ny = dx * half;
      const at = index * 8;
      line[at] = x0 - nx;
      line[at + 1] = y0 - ny;
      line[at + 2] = ex - nx;
      line[at + 3] = ey - ny;
      line[at + 4] = ex + nx;
      line[at + 5] = ey + ny;
      line[at + 6] = x0 + nx;
      line[at + 7] = y0 + ny;
      // The column under it, on whole pixels.
      const left = Math.round(x0);
      const right = Math.max(left, Math.round(x1));
      const top = Math.min(y0, y1, baseline);
      glow[at] = left;
      glow[at + 1] = top;
      glow[at + 2] = right;
      glow[at + 3] = top;
      glow[at + 4] = right;
      glow[at + 5] = baseline;
      glow[at + 6] = left;
      glow[at + 7] = baseline;
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
