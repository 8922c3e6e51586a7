/** What the page and the stage's worker (stageWorker.ts) tell each other. */

import type { RoundState } from '../state/roundAtom';
import type { TickState } from '../state/tickAtom';
import type { MeterReading, StageProbe } from './testHooks';
import type { StageWords } from './words';

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
  | { type: 'words'; words: StageWords }
  /** Test builds: drain the frame meter (answered with 'meter'). */
  | { type: 'meter' };

/** The worker to the page. */
export type FromStage =
  | { type: 'progress'; progress: number }
  | { type: 'ready' }
  /** `started`: whether the renderer had started (the art failed) or not (no WebGL in workers here). */
  | { type: 'failed'; started: boolean; message: string }
  /** Test builds: what tests read of the stage (testHooks.ts). */
  | { type: 'probe'; probe: StageProbe }
  /** Test builds: the worker's own frame samples since the last 'meter'. */
  | { type: 'meter'; reading: MeterReading };
