/**
 * AssetPack for the stage: packs sprites/<bundle>/ into one atlas per bundle under assets/atlases
 * with a manifest (assets/atlases/manifest.json) of bundles for Pixi Assets. Only the pipes the
 * stage uses (texture packer and manifest): no audio, so no ffmpeg.
 */

import { AssetPack, type AssetPackConfig } from '@assetpack/core';
import { pixiManifest } from '@assetpack/core/manifest';
import { texturePacker, texturePackerManifestMod } from '@assetpack/core/texture-packer';
import type { Plugin, ResolvedConfig } from 'vite';
import { UI_FOLDER } from '../src/client/pixel/tiles';
import { BUNDLES } from '../src/client/stage/frames';

const manifest = { output: 'manifest.json', createShortcuts: true, trimExtensions: true };

/** Each bundle folder is both a manifest bundle (`m`) and one atlas (`tps`), nearest-neighbour for pixel art. */
export const assetPackConfig: AssetPackConfig = {
  entry: 'sprites',
  output: 'assets/atlases',
  cache: true,
  logLevel: 'warn',
  // The pixel kit's tiles are CSS border-images, one file each: scripts/uiTiles.ts serves them as they are.
  ignore: ['**/*.md', `${UI_FOLDER}/**`],
  assetSettings: [{ files: Object.keys(BUNDLES), metaData: { m: true, tps: true } }],
  pipes: [
    texturePacker({
      texturePacker: { nameStyle: 'short', padding: 2, allowTrim: false, allowRotation: false },
      resolutionOptions: { resolutions: { default: 1 }, maximumTextureSize: 2048 },
      addFrameNames: true,
    }),
    pixiManifest(manifest),
    texturePackerManifestMod(manifest),
  ],
};

/** Runs AssetPack once for a build and watches sprites/ in dev, so a replaced PNG shows on reload. */
export function assetPackPlugin(): Plugin {
  let mode: ResolvedConfig['command'] = 'build';
  let pack: AssetPack | undefined;
  return {
    name: 'moonrush-assetpack',
    configResolved(config) {
      mode = config.command;
    },
    async buildStart() {
      if (mode !== 'build') return;
      await new AssetPack(assetPackConfig).run();
    },
    async configureServer() {
      pack = new AssetPack(assetPackConfig);
      await pack.watch();
    },
    async buildEnd() {
      await pack?.stop();
    },
  };
}
