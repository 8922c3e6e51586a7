/** What the page starts besides its first render, in this order, each in a task of its own (boot.tsx): the network first. */

import { startSound } from './audio';
import { connectGame } from './game/connect';
import { startWebglWarmup } from './stage/webglWarmup';

export const startSteps: readonly (() => void)[] = [connectGame, startSound, startWebglWarmup];
