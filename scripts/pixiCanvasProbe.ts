/**
 * Pixi tests at load whether 2D canvases blend with 'multiply' (canUseNewCanvasBlendModes): it
 * draws two small canvases into a third and reads a pixel back. Without `willReadFrequently` the
 * browser keeps those canvases on the GPU and the read waits for the GPU to draw them: 0.3 s of
 * main thread in headless Chromium on its first use, 2 ms with the flag, which keeps them in
 * memory. The build adds the flag; the test itself is unchanged. A Pixi whose probe reads
 * differently fails the build here, rather than silently losing the fix.
 */

import type { Plugin } from 'vite';

const MODULE = /pixi\.js\/lib\/rendering\/renderers\/canvas\/utils\/canUseNewCanvasBlendModes\.mjs$/;
const CONTEXT = 'getContext("2d")';

export function pixiCanvasProbePlugin(): Plugin {
  return {
    name: 'moonrush-pixi-canvas-probe',
    apply: 'build',
    transform: {
      filter: { id: MODULE },
      handler(code) {
        const reads = code.split(CONTEXT).length - 1;
        if (reads !== 2) throw new Error(`Pixi's canUseNewCanvasBlendModes has ${reads} ${CONTEXT}, not 2`);
        return { code: code.replaceAll(CONTEXT, 'getContext("2d", { willReadFrequently: true })'), map: null };
      },
    },
  };
}
