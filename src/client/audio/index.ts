/** The game's sound: `startSound()` once at start-up, `playSound(name)` for the HUD's one-shots. */

import { soundEnabledAtom } from '../state/soundAtom';
import { store } from '../state/store';
import { driveRoundSounds } from './roundSounds';
import { SoundPlayer } from './SoundPlayer';
import type { SoundName } from './soundSprite';

let player: SoundPlayer | null = null;

/** Arms the sound: nothing loads or plays until the first gesture; follows the preference and the round. */
export function startSound(): void {
  if (player) return;
  const started = new SoundPlayer();
  player = started;
  started.setEnabled(store.get(soundEnabledAtom));
  store.sub(soundEnabledAtom, () => started.setEnabled(store.get(soundEnabledAtom)));
  driveRoundSounds(started);
  started.start();
}

/** Plays a one-shot (bet, cashout, click, ...); silent before startSound and the first gesture. */
export function playSound(name: SoundName): void {
  player?.play(name);
}
