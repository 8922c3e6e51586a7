/** Caps the textures one batched draw may sample at BATCH_TEXTURES (why: QualityGovernor.ts). */

import { ExtensionType, extensions, type Renderer } from 'pixi.js';
import { BATCH_TEXTURES } from './QualityGovernor';

/** A renderer system registered after Pixi's own, so it runs right after the limits system measured the GPU, before any batch exists. */
class BatchTextureLimit {
  static extension = { type: [ExtensionType.WebGLSystem, ExtensionType.WebGPUSystem], name: 'batchTextureLimit' };

  constructor(private readonly renderer: Renderer) {}

  contextChange(): void {
    const { limits } = this.renderer;
    limits.maxBatchableTextures = Math.min(BATCH_TEXTURES, limits.maxBatchableTextures);
  }
}

extensions.add(BatchTextureLimit);
