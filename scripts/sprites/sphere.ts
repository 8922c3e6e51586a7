/** A lit, dithered sphere: the base of every planet, moon and asteroid. */

import { bayer, hex, noise, Pixels, type Rgba } from './Pixels';

interface SphereStyle {
  /** Colours from darkest to lightest; light picks one with dithering between steps. */
  ramp: Rgba[];
  /** Surface pattern: returns a ramp offset (-1, 0, +1) for a surface point. */
  pattern?: (u: number, v: number, x: number, y: number) => number;
  /** 0 for a round body; above 0 roughens the edge (asteroids). */
  rough?: number;
  seed?: number;
}

const LIGHT = normalise([-0.55, -0.6, 0.58]);

/** Draws a sphere of radius r centred at (cx, cy) into `pixels`. */
export function sphere(pixels: Pixels, cx: number, cy: number, r: number, style: SphereStyle): void {
  const { ramp, pattern, rough = 0, seed = 0 } = style;
  pixels.each((x, y) => {
    const dx = (x + 0.5 - cx) / r;
    const dy = (y + 0.5 - cy) / r;
    const angle = Math.atan2(dy, dx);
    const edge = 1 - rough * (0.5 + 0.5 * Math.sin(angle * 3 + seed) * Math.cos(angle * 5 - seed)) - rough * 0.4 * noise(Math.round(angle * 8), 0, seed);
    const d2 = dx * dx + dy * dy;
    if (d2 > edge * edge) return null;
    const dz = Math.sqrt(Math.max(0, edge * edge - d2));
    const lambert = Math.max(0, dx * LIGHT[0] + dy * LIGHT[1] + dz * LIGHT[2]);
    let level = lambert * (ramp.length - 1) + bayer(x, y) - 0.5;
    if (pattern) level += pattern(dx, dy, x, y);
    const index = Math.max(0, Math.min(ramp.length - 1, Math.round(level)));
    return ramp[index] ?? null;
  });
}

/** Darker pixel circles on a body: craters. */
export function craters(pixels: Pixels, list: [number, number, number][], color: Rgba, rim: Rgba): void {
  for (const [cx, cy, r] of list) {
    pixels.each((x, y) => {
      if (pixels.alphaAt(x, y) === 0) return null;
      const d = Math.hypot(x + 0.5 - cx, y + 0.5 - cy);
      if (d <= r - 0.6) return color;
      if (d <= r + 0.4 && y + 0.5 > cy) return rim;
      return null;
    });
  }
}

function normalise(v: [number, number, number]): [number, number, number] {
  const length = Math.hypot(...v);
  return [v[0] / length, v[1] / length, v[2] / length];
}

/** The palette all the art shares (PICO-8-like, so the scene reads as one piece). */
export const PALETTE = {
  ink: hex('#0b0820'),
  night: hex('#1d2b53'),
  plum: hex('#7e2553'),
  moss: hex('#008751'),
  rust: hex('#ab5236'),
  slate: hex('#5f574f'),
  silver: hex('#c2c3c7'),
  white: hex('#fff1e8'),
  red: hex('#ff004d'),
  orange: hex('#ffa300'),
  yellow: hex('#ffec27'),
  sky: hex('#29adff'),
  lavender: hex('#83769c'),
  pink: hex('#ff77a8'),
  peach: hex('#ffccaa'),
  deep: hex('#291814'),
  navy: hex('#111d35'),
  teal: hex('#065ab5'),
  brown: hex('#742f29'),
} as const;
