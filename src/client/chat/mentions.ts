/** `@nickname` mentions: splitting a text to highlight them, and the short ping when the player is named. */

import { soundEnabledAtom } from '../state/soundAtom';
import { store } from '../state/store';
import { chatMentionSoundAtom } from './chatAtoms';

/** A piece of a message: plain text, or a mention (`@` and a nickname). */
interface TextPart {
  text: string;
  mention: boolean;
}

const MENTION = /(@[^\s@]+)/u;

/** The text in order, mentions apart (the page renders each part as text, never as HTML). */
export function splitMentions(text: string): TextPart[] {
  return text
    .split(MENTION)
    .filter((part) => part !== '')
    .map((part) => ({ text: part, mention: MENTION.test(part) && part.startsWith('@') }));
}

/** True when a mention part names `nickname` (case aside, trailing punctuation allowed). */
export function isMentionOf(part: string, nickname: string): boolean {
  return part.toLowerCase().replace(/[.,!?:;]+$/, '') === `@${nickname}`.toLowerCase();
}

/** True when the text names `nickname` with an `@`. */
export function mentions(text: string, nickname: string): boolean {
  return splitMentions(text).some((part) => part.mention && isMentionOf(part.text, nickname));
}

let context: AudioContext | null = null;

/** Two short notes, when sound is on and the player has not switched the mention sound off. */
export function pingMention(): void {
  if (!store.get(soundEnabledAtom) || !store.get(chatMentionSoundAtom)) return;
  try {
    context ??= new AudioContext();
    const start = context.currentTime;
    for (const [offset, frequency] of [
      [0, 880],
      [0.12, 1320],
    ] as const) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.08, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.001, start + offset + 0.1);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start + offset);
      oscillator.stop(start + offset + 0.1);
    }
  } catch {
    // No audio here (or not allowed before a gesture): the highlight is enough.
  }
}
