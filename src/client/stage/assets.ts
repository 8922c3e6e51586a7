/** Loads the stage's bundles through Pixi Assets (manifest written by AssetPack) with progress into loadingAtom. */

import { Assets, type Spritesheet, type Texture } from 'pixi.js';
import { loadingAtom } from '../state/loadingAtom';
import type { store as appStore } from '../state/store';
import { BUNDLES, type BundleName } from './frames';
import { installFonts, loadPixelFont } from './fonts';
import { stageTextures, type StageTextures } from './textures';

type Store = typeof appStore;

const ASSETS_URL = `${import.meta.env.BASE_URL}atlases`;
let loading: Promise<StageTextures> | undefined;

/** Loads once per page (React may mount the stage twice in development). */
export function loadStageAssets(store: Store): Promise<StageTextures> {
  loading ??= load(store).catch((error: unknown) => {
    loading = undefined;
    store.set(loadingAtom, {
      progress: 0,
      done: false,
      error: 'The game could not load. Reload the page to try again.',
    });
    throw error;
  });
  return loading;
}

async function load(store: Store): Promise<StageTextures> {
  const font = loadPixelFont();
  const response = await fetch(`${ASSETS_URL}/manifest.json`);
  if (!response.ok) throw new Error(`No asset manifest (${response.status})`);
  // No image workers: Pixi's worker first fetches a data: URL to probe createImageBitmap, which the
  // page's Content Security Policy (connect-src) rightly refuses; two atlases decode fine on the page.
  await Assets.init({ manifest: await response.json(), basePath: ASSETS_URL, preferences: { preferWorkers: false } });
  const names = Object.keys(BUNDLES) as BundleName[];
  const bundles = (await Assets.loadBundle(names, (progress) =>
    store.set(loadingAtom, { progress, done: false, error: null }),
  )) as Record<BundleName, Record<string, Spritesheet>>;
  const frames = new Map<string, Texture>();
  for (const name of names) {
    const sheet = bundles[name][name];
    if (!sheet) throw new Error(`Bundle ${name} has no atlas`);
    sheet.textureSource.scaleMode = 'nearest';
    for (const [frame, texture] of Object.entries(sheet.textures)) frames.set(frame, texture);
  }
  await font;
  installFonts();
  const textures = stageTextures((frame) => {
    const texture = frames.get(frame);
    if (!texture) throw new Error(`The atlas has no frame ${frame} (run npm run sprites:check)`);
    return texture;
  });
  store.set(loadingAtom, { progress: 1, done: true, error: null });
  return textures;
}
