/** Progress of the stage's asset bundles, shown as a bar before the first round. */

import { atom } from 'jotai';

interface LoadingState {
  /** 0..1 */
  progress: number;
  done: boolean;
  error: string | null;
}

/** Written by stage/assets.ts from Pixi Assets' progress callback. */
export const loadingAtom = atom<LoadingState>({ progress: 0, done: false, error: null });
