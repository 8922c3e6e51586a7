/** The page's side of a stage, wherever it draws: what it needs of the page and what it reports. */

import type { StageWords } from './words';

/** The page as the stage needs it, read when the stage starts. */
export interface PageView {
  /** The stage's area in CSS pixels. */
  width: number;
  height: number;
  devicePixelRatio: number;
  /** The tab is shown. */
  visible: boolean;
  /** prefers-reduced-motion. */
  calm: boolean;
  words: StageWords;
  /** ?webgpu: WebGPU first. */
  webgpu: boolean;
}

/** A started stage, told of the page's changes. */
export interface StageDriver {
  resize(width: number, height: number, devicePixelRatio: number): void;
  setVisible(visible: boolean): void;
  setCalm(calm: boolean): void;
  setWords(words: StageWords): void;
  stop(): void;
}

/** What a starting stage reports. */
export interface StageEvents {
  progress(progress: number): void;
  ready(): void;
  failed(error: unknown): void;
}
