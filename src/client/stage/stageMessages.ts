/** What the page and the stage's worker (stageWorker.ts) tell each other. */

import type { RoundState } from '../state/roundAtom';
import type { TickState } from '../state/tickAtom';
import type { StageWords } from './words';

/** What the page sees of a running stage: test builds only (tests/e2e/browser.ts reads it). */
export interface StageProbe {
  renderer: string;
  phase: string;
  gameId: string | null;
  readout: string;
  /** The ticker runs (it stops in a hidden tab). */
  running: boolean;
  calm: boolean;
}

/** The page to the worker. */
export type ToStage =
  | {
      type: 'start';
      canvas: OffscreenCanvas;
      width: number;
      height: number;
      devicePixelRatio: number;
      webgpu: boolean;
      words: StageWords;
      round: RoundState;
      tick: TickState;
      clockOffset: number;
      calm: boolean;
      visible: boolean;
    }
  | { type: 'round'; round: RoundState }
  | { type: 'tick'; tick: TickState }
  | { type: 'clockOffset'; clockOffset: number }
  | { type: 'resize'; width: number; height: number; devicePixelRatio: number }
  | { type: 'visible'; visible: boolean }
  | { type: 'calm'; calm: boolean }
  | { type: 'words'; words: StageWords };

/** The worker to the page. */
export type FromStage =
  | { type: 'progress'; progress: number }
  | { type: 'ready' }
  /** `started`: whether the renderer had started (the art failed) or not (no WebGL in workers here). */
  | { type: 'failed'; started: boolean; message: string }
  | { type: 'probe'; probe: StageProbe };
