/**
 * The round's sounds: launch when a round starts while we watch, the engine loop while it flies
 * (its rate following the multiplier, updated five times a second), the crash when it ends.
 * Reads only the round's id, state and start time.
 */

import { clockOffsetAtom } from '../state/clockAtom';
import { roundAtom } from '../state/roundAtom';
import { store } from '../state/store';
import { engineRate, flightMultiplier } from './engineRate';
import type { SoundPlayer } from './SoundPlayer';

/** How often the engine's rate follows the multiplier while flying, ms. */
export const ENGINE_RATE_MS = 200;

/** Subscribes the player to the round; returns the unsubscribe. */
export function driveRoundSounds(player: SoundPlayer): () => void {
  let seen = { gameId: null as string | null, state: null as string | null };
  let timer: ReturnType<typeof setInterval> | null = null;

  const followMultiplier = () => {
    const { startedAt } = store.get(roundAtom);
    if (startedAt !== null) player.setEngineRate(engineRate(flightMultiplier(startedAt, store.get(clockOffsetAtom))));
  };

  const update = () => {
    const { gameId, state, startedAt } = store.get(roundAtom);
    if (gameId !== seen.gameId || state !== seen.state) {
      // A page opened mid-flight hears the engine but no launch; a crash needs a flight we heard.
      if (state === 'STARTED' && seen.state !== null && seen.state !== 'STARTED') player.play('launch');
      if (state === 'ENDED' && seen.state === 'STARTED' && seen.gameId === gameId) player.play('crash');
      seen = { gameId, state };
    }
    const flying = state === 'STARTED' && startedAt !== null;
    if (flying && timer === null) {
      followMultiplier();
      timer = setInterval(followMultiplier, ENGINE_RATE_MS);
      player.setEngine(true);
    } else if (!flying && timer !== null) {
      clearInterval(timer);
      timer = null;
      player.setEngine(false);
    }
  };

  const unsubscribe = store.sub(roundAtom, update);
  update();
  return () => {
    unsubscribe();
    if (timer !== null) clearInterval(timer);
    player.setEngine(false);
  };
}
