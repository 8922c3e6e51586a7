/** The space bundle: star, planets, asteroids and the shooting-star mark. */

import { craters, PALETTE as P, sphere } from './sphere';
import { bayer, noise, Pixels } from './Pixels';

/** Frames are drawn at half size and saved at 2x. */
export function drawSpace(): Record<string, Pixels> {
  return {
    'star.png': star(),
    'planet-ringed.png': ringed(),
    'planet-red.png': red(),
    'planet-ice.png': ice(),
    'asteroid-0.png': asteroid(1),
    'asteroid-1.png': asteroid(2),
    'mark.png': mark(),
  };
}

function star(): Pixels {
  const p = new Pixels(4, 4);
  p.set(1, 1, P.white);
  p.set(2, 1, P.silver);
  p.set(1, 2, P.silver);
  p.set(2, 2, P.lavender);
  return p;
}

function ringed(): Pixels {
  const p = new Pixels(64, 48);
  const ring = (front: boolean) =>
    p.each((x, y) => {
      const dx = (x + 0.5 - 32) / 30;
      const dy = (y + 0.5 - 24 - (x - 32) * 0.18) / 7;
      const d = dx * dx + dy * dy;
      if (d > 1 || d < 0.55 || (dy > 0) !== front) return null;
      return d > 0.8 ? P.lavender : bayer(x, y) > 0.5 ? P.peach : P.pink;
    });
  ring(false);
  sphere(p, 32, 24, 15, {
    ramp: [P.navy, P.plum, P.pink, P.peach],
    pattern: (_u, v) => (Math.sin(v * 11) > 0.55 ? -1 : Math.sin(v * 7 + 1) > 0.8 ? 0.6 : 0),
  });
  ring(true);
  return p;
}

function red(): Pixels {
  const p = new Pixels(48, 48);
  sphere(p, 24, 24, 21, {
    ramp: [P.deep, P.brown, P.rust, P.orange, P.peach],
    pattern: (u, v, x, y) => (noise(x >> 2, y >> 2, 7) > 0.78 ? -0.7 : Math.sin(u * 5 + v * 9) > 0.85 ? 0.5 : 0),
  });
  craters(p, [[17, 16, 3], [29, 27, 4], [20, 33, 2], [33, 14, 2]], P.brown, P.deep);
  p.outline(P.ink);
  return p;
}

function ice(): Pixels {
  const p = new Pixels(32, 32);
  sphere(p, 16, 16, 13, {
    ramp: [P.navy, P.teal, P.sky, P.silver, P.white],
    pattern: (_u, v) => (Math.abs(v) > 0.72 ? 1.5 : Math.sin(v * 14) > 0.7 ? -0.6 : 0),
  });
  p.outline(P.ink);
  return p;
}

function asteroid(seed: number): Pixels {
  const p = new Pixels(16, 16);
  sphere(p, 8, 8, 6.8, { ramp: [P.deep, P.slate, P.lavender, P.silver], rough: 0.28, seed });
  craters(p, seed === 1 ? [[6, 6, 1.6], [10, 10, 1.2]] : [[9, 6, 1.8], [5, 10, 1.1]], P.slate, P.deep);
  p.outline(P.ink);
  return p;
}

function mark(): Pixels {
  const p = new Pixels(24, 4);
  for (let x = 0; x < 24; x += 1) {
    const t = x / 23;
    const color = t > 0.92 ? P.white : t > 0.7 ? P.sky : P.teal;
    if (bayer(x, 1) < t * 1.2) p.set(x, 1, color);
    if (t > 0.55 && bayer(x, 2) < t - 0.3) p.set(x, 2, t > 0.9 ? P.sky : P.teal);
  }
  p.set(23, 1, P.white);
  p.set(23, 2, P.white);
  return p;
}
