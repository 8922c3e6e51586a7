/**
 * Draws the install icons of the web app manifest from the pixel moon of assets/favicon.svg:
 * 192 and 512 px, and a maskable 512 px whose moon stays inside the 80 % safe zone. Each pixel of
 * the 16x16 art becomes a square block (nearest neighbour), so the icon stays pixel art at any size.
 * `npm run icons:make` overwrites assets/icons/; the output is committed.
 */

import { mkdirSync, readFileSync } from 'node:fs';
import sharp from 'sharp';

const SOURCE = 'assets/favicon.svg';
const OUT = 'assets/icons';
/** The page's background, also the manifest's background_color and theme_color. */
const BACKGROUND = '#0b0820';

async function art(size: number): Promise<Buffer> {
  const pixels = await sharp(readFileSync(SOURCE), { density: 72 }).resize(16, 16).png().toBuffer();
  return sharp(pixels).resize(size, size, { kernel: 'nearest' }).png().toBuffer();
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  for (const size of [192, 512]) await sharp(await art(size)).toFile(`${OUT}/icon-${size}.png`);
  // Maskable: the art at 60 % on the background, so a circle or squircle mask never cuts the moon.
  const inner = 304;
  await sharp({ create: { width: 512, height: 512, channels: 4, background: BACKGROUND } })
    .composite([{ input: await art(inner), left: (512 - inner) / 2, top: (512 - inner) / 2 }])
    .png()
    .toFile(`${OUT}/icon-maskable-512.png`);
  console.log(`wrote ${OUT}/icon-192.png, icon-512.png, icon-maskable-512.png`);
}

await main();
