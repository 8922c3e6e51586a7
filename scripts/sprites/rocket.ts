/** The rocket bundle: the rocket, its flame animation and the crash burst. */

import { PALETTE as P } from './sphere';
import { bayer, noise, Pixels, type Rgba } from './Pixels';

/** Frames are drawn at half size and saved at 2x. */
export function drawRocket(): Record<string, Pixels> {
  const frames: Record<string, Pixels> = { 'rocket.png': rocket() };
  [10, 14, 12, 15].forEach((length, index) => (frames[`flame-${index}.png`] = flame(length, index)));
  for (let index = 0; index < 6; index += 1) frames[`blast-${index}.png`] = blast(index);
  return frames;
}

function rocket(): Pixels {
  const p = new Pixels(32, 16);
  // Fins behind the hull.
  p.each((x, y) => {
    if (x < 5 || x > 12) return null;
    const reach = 12 - x;
    if (y >= 5 - reach * 0.6 && y <= 4) return x < 8 ? P.brown : P.red;
    if (y <= 10 + reach * 0.6 && y >= 11) return x < 8 ? P.brown : P.red;
    return null;
  });
  // Hull: a capsule lit from above, with a nose cone.
  p.each((x, y) => {
    const nose = x >= 24 ? (x - 24) * 0.55 : 0;
    if (x < 5 || x > 30 || y < 5 + nose || y > 10 - nose) return null;
    if (x >= 25) return y <= 6 + nose * 0.5 ? P.pink : P.red;
    if (y === 5) return P.white;
    if (y === 10) return P.slate;
    if (y === 9) return bayer(x, y) > 0.5 ? P.silver : P.slate;
    return x === 10 || x === 11 ? P.red : P.silver;
  });
  // Porthole with a glint.
  p.each((x, y) => {
    const d = Math.hypot(x + 0.5 - 19.5, y + 0.5 - 7.5);
    if (d > 2.4) return null;
    if (d > 1.7) return P.slate;
    return x === 18 && y === 6 ? P.white : P.sky;
  });
  // Nozzle.
  for (let y = 6; y <= 9; y += 1) {
    p.set(3, y, P.slate);
    p.set(4, y, y === 6 ? P.silver : P.slate);
  }
  p.outline(P.ink);
  return p;
}

function flame(length: number, frame: number): Pixels {
  const p = new Pixels(16, 8);
  p.each((x, y) => {
    const d = 15 - x;
    if (d > length) return null;
    const t = d / length;
    const half = 3.6 * Math.pow(1 - t, 0.6) + (noise(x, frame, 3) - 0.5) * 1.2;
    const dy = Math.abs(y + 0.5 - 4);
    if (dy > half) return null;
    const heat = (1 - t) * (1 - dy / (half + 0.01)) + (bayer(x, y) - 0.5) * 0.3;
    const ramp: Rgba[] = [P.red, P.orange, P.yellow, P.white];
    return ramp[Math.max(0, Math.min(3, Math.floor(heat * 4.4)))] ?? null;
  });
  return p;
}

function blast(frame: number): Pixels {
  const p = new Pixels(32, 32);
  const radius = 3 + frame * 2.6;
  const smoke = frame >= 4;
  p.each((x, y) => {
    const d = Math.hypot(x + 0.5 - 16, y + 0.5 - 16);
    const wobble = (noise(x >> 1, y >> 1, frame) - 0.5) * 3;
    if (d > radius + wobble) return null;
    const t = d / radius;
    if (smoke) {
      if (t < 0.55 || noise(x, y, frame + 9) < 0.3 * (frame - 3)) return null;
      return bayer(x, y) > 0.5 ? P.slate : P.lavender;
    }
    if (frame >= 2 && t < 0.35 - frame * 0.05) return null;
    const heat = 1 - t + (bayer(x, y) - 0.5) * 0.4 - frame * 0.12;
    return heat > 0.7 ? P.white : heat > 0.45 ? P.yellow : heat > 0.2 ? P.orange : P.red;
  });
  // Sparks flung outwards.
  for (let spark = 0; spark < 10; spark += 1) {
    const angle = spark * 0.63 + noise(spark, 1, 5) * 0.5;
    const reach = radius + 2 + noise(spark, frame, 2) * 4;
    p.set(16 + Math.cos(angle) * reach, 16 + Math.sin(angle) * reach, frame < 3 ? P.yellow : P.orange);
  }
  return p;
}
