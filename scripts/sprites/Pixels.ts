/** A tiny RGBA pixel grid for drawing pixel art in code, written out with sharp at 2x. */

import sharp from 'sharp';

export type Rgba = readonly [number, number, number, number];

/** Parses '#rrggbb' (opaque) into a colour. */
export function hex(value: string, alpha = 255): Rgba {
  const n = Number.parseInt(value.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255, alpha];
}

const BAYER = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5];

/** Ordered-dither threshold in [0, 1) for a pixel: gives shading the classic checkered pixel-art look. */
export function bayer(x: number, y: number): number {
  return (BAYER[(y & 3) * 4 + (x & 3)] ?? 0) / 16;
}

/** Deterministic noise in [0, 1) so the art is the same on every run. */
export function noise(x: number, y: number, seed = 0): number {
  let h = (x * 374761393 + y * 668265263 + seed * 982451653) | 0;
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

export class Pixels {
  readonly data: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = new Uint8Array(width * height * 4);
  }

  set(x: number, y: number, color: Rgba): void {
    const px = Math.round(x);
    const py = Math.round(y);
    if (px < 0 || py < 0 || px >= this.width || py >= this.height) return;
    this.data.set(color, (py * this.width + px) * 4);
  }

  alphaAt(x: number, y: number): number {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return 0;
    return this.data[(y * this.width + x) * 4 + 3] ?? 0;
  }

  /** Calls `paint` for every pixel; a returned colour is written. */
  each(paint: (x: number, y: number) => Rgba | null): void {
    for (let y = 0; y < this.height; y += 1) {
      for (let x = 0; x < this.width; x += 1) {
        const color = paint(x, y);
        if (color) this.set(x, y, color);
      }
    }
  }

  /** A 1-pixel dark outline around everything drawn so far, the pixel-art way to lift shapes off the sky. */
  outline(color: Rgba): void {
    const edge: [number, number][] = [];
    this.each((x, y) => {
      if (this.alphaAt(x, y) > 0) return null;
      const near = this.alphaAt(x - 1, y) + this.alphaAt(x + 1, y) + this.alphaAt(x, y - 1) + this.alphaAt(x, y + 1);
      if (near > 0) edge.push([x, y]);
      return null;
    });
    for (const [x, y] of edge) this.set(x, y, color);
  }

  /** Writes the grid scaled up by `scale` with nearest-neighbour, so every art pixel is a crisp block. */
  async save(path: string, scale = 2): Promise<void> {
    await sharp(Buffer.from(this.data), { raw: { width: this.width, height: this.height, channels: 4 } })
      .resize(this.width * scale, this.height * scale, { kernel: 'nearest' })
      .png()
      .toFile(path);
  }
}
