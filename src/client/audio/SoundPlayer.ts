/**
 * Plays the audio sprite through howler. Browsers refuse sound before the player touches the page,
 * so howler (and its AudioContext) is loaded only on the first pointerdown or keydown; until then
 * every sound is dropped. A hidden tab, or sound switched off, is silent and the engine loop stops.
 */

import type { Howl as HowlType, HowlerGlobal } from 'howler';
import { howlerSprite, SOUND_FILES, type SoundName } from './soundSprite';

type HowlerModule = { Howl: typeof HowlType; Howler: HowlerGlobal };

const GESTURES = ['pointerdown', 'keydown'] as const;
const ENGINE_VOLUME = 0.6;

export class SoundPlayer {
  private howl: HowlType | null = null;
  private howler: HowlerGlobal | null = null;
  private enabled = true;
  private hidden: boolean;
  private engineWanted = false;
  private engineRate = 1;
  private engineId: number | null = null;

  constructor(
    private readonly load: () => Promise<HowlerModule> = () => import('howler'),
    private readonly base = import.meta.env?.BASE_URL ?? '/',
  ) {
    this.hidden = document.visibilityState === 'hidden';
  }

  /** Waits for the first gesture and follows the tab's visibility. */
  start(): void {
    for (const type of GESTURES) window.addEventListener(type, this.unlock, { capture: true });
    document.addEventListener('visibilitychange', this.onVisibility);
  }

  /** Plays a one-shot; dropped before the first gesture, while hidden or while sound is off. */
  play(name: SoundName): void {
    if (this.audible()) this.howl?.play(name);
  }

  setEnabled(enabled: boolean): void {
    this.enabled = enabled;
    this.sync();
  }

  /** Whether the engine loop should run (the rocket is flying). */
  setEngine(on: boolean): void {
    this.engineWanted = on;
    this.sync();
  }

  setEngineRate(rate: number): void {
    this.engineRate = rate;
    if (this.engineId !== null) this.howl?.rate(rate, this.engineId);
  }

  private readonly unlock = (): void => {
    for (const type of GESTURES) window.removeEventListener(type, this.unlock, { capture: true });
    void this.load().then(({ Howl, Howler }) => {
      this.howler = Howler;
      this.howl = new Howl({
        src: SOUND_FILES.map((file) => `${this.base}${file}`),
        sprite: howlerSprite(),
        preload: true,
      });
      this.sync();
    });
  };

  private readonly onVisibility = (): void => {
    this.hidden = document.visibilityState === 'hidden';
    this.sync();
  };

  private audible(): boolean {
    return this.howl !== null && this.enabled && !this.hidden;
  }

  /** Mutes everything and stops the loop when silent; starts the loop when it should run. */
  private sync(): void {
    const howl = this.howl;
    if (!howl) return;
    this.howler?.mute(!this.audible());
    const run = this.engineWanted && this.audible();
    if (run && this.engineId === null) {
      this.engineId = howl.play('engine');
      howl.volume(ENGINE_VOLUME, this.engineId);
      howl.rate(this.engineRate, this.engineId);
    } else if (!run && this.engineId !== null) {
      howl.stop(this.engineId);
      this.engineId = null;
    }
  }
}
