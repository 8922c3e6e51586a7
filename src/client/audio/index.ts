/** The game's sound: `startSound(store)` once at start-up, `playSound(name)` for the HUD's one-shots. */

import { soundEnabledAtom } from '../state/soundAtom';
import type { store as appStore } from '../state/store';
import { driveRoundSounds } from './roundSounds';
import { SoundPlayer } from './SoundPlayer';
import type { SoundName } from './soundSprite';

let player: SoundPlayer | null = null;

/** Arms the sound: nothing loads or plays until the first gesture; follows the preference and the round. */
export function startSound(store: typeof appStore): void {
  if (player) return;
  const started = new SoundPlayer();
  player = started;
  started.setEnabled(store.get(soundEnabledAtom));
  store.sub(soundEnabledAtom, () => started.setEnabled(store.get(soundEnabledAtom)));
  driveRoundSounds(store, started);
  started.start();
}

/** Plays a one-shot (bet, cashout, click, ...); silent before startSound and the first gesture. */
export function playSound(name: SoundName): void {
  player?.play(name);
}
