/** Loads the stage's bundles through Pixi Assets (manifest written by AssetPack) and its fonts, with progress. */

import { Assets, type Spritesheet, type Texture } from 'pixi.js';
import { BUNDLES, type BundleName } from './frames';
import { installFonts, loadPixelFont } from './fonts';
import { stageTextures, type StageTextures } from './textures';

/** Absolute: a worker resolves relative URLs against its script, not the page. */
const ASSETS_URL = new URL(`${import.meta.env.BASE_URL}atlases`, globalThis.location.href).href;

let loading: Promise<StageTextures> | undefined;

/**
 * Loads the art once per context (the page's fallback may start twice; a worker starts once);
 * `onProgress` gets 0..1 as the first load's bundles arrive. A failed load may be tried again.
 */
export function loadStageAssets(onProgress: (progress: number) => void): Promise<StageTextures> {
  loading ??= load(onProgress).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

async function load(onProgress: (progress: number) => void): Promise<StageTextures> {
  const font = loadPixelFont();
  const response = await fetch(`${ASSETS_URL}/manifest.json`);
  if (!response.ok) throw new Error(`No asset manifest (${response.status})`);
  // Pixi's probes fetch data: URLs, which the Content Security Policy (connect-src) rightly refuses:
  // its image workers probe createImageBitmap so (two atlases decode fine where the stage runs), and
  // in a worker, which has no <img>, so does its AVIF and WebP detection (the atlases are PNG only).
  await Assets.init({
    manifest: await response.json(),
    basePath: ASSETS_URL,
    skipDetections: true,
    preferences: { preferWorkers: false },
  });
  const names = Object.keys(BUNDLES) as BundleName[];
  const bundles = (await Assets.loadBundle(names, onProgress)) as Record<
    BundleName,
    Record<string, Spritesheet>
  >;
  const frames = new Map<string, Texture>();
  for (const name of names) {
    const sheet = bundles[name][name];
    if (!sheet) throw new Error(`Bundle ${name} has no atlas`);
    sheet.textureSource.scaleMode = 'nearest';
    for (const [frame, texture] of Object.entries(sheet.textures)) frames.set(frame, texture);
  }
  await font;
  installFonts();
  return stageTextures((frame) => {
    const texture = frames.get(frame);
    if (!texture) throw new Error(`The atlas has no frame ${frame} (run npm run sprites:check)`);
    return texture;
  });
}
