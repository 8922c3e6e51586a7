/**
 * The audio sprite: one file holding every sound, and where each sits in it. `npm run sounds:make`
 * renders the file from this layout and the page plays it with the same numbers.
 */

export type SoundName = 'bet' | 'launch' | 'engine' | 'cashout' | 'crash' | 'click';

/** Length of each sound in ms, in file order. The engine's is one loop period. */
export const SOUND_LENGTHS: Record<SoundName, number> = {
  bet: 260,
  launch: 1400,
  engine: 1000,
  cashout: 700,
  crash: 1300,
  click: 60,
};

/** Looped sounds: the file holds LOOP_MARGIN_MS of the same periodic sound before and after the loop. */
const LOOPED: ReadonlySet<SoundName> = new Set(['engine']);

/** Silence between sounds, so a decoder's rounding never lets one bleed into the next. */
const GAP_MS = 250;
/**
 * A lossy encoder shifts the audio by a few ms (encoder delay). Around the loop the file holds more
 * of the same period, so the loop window still holds exactly one period wherever it lands.
 */
export const LOOP_MARGIN_MS = 250;

/** Both encodings of the sprite: Vorbis in WebM (howler's test for webm asks for Vorbis), MP3 for the rest. */
export const SOUND_FILES = ['sounds/sfx.webm', 'sounds/sfx.mp3'] as const;

export interface SpritePart {
  /** Where the sound starts in the file, ms. */
  start: number;
  /** Where the rendered audio for it starts (before the loop margin for a looped sound), ms. */
  renderStart: number;
  length: number;
  loop: boolean;
}

/** Places every sound in the file in SOUND_LENGTHS order. */
export function spriteLayout(): Record<SoundName, SpritePart> {
  const parts = {} as Record<SoundName, SpritePart>;
  let cursor = 0;
  for (const [name, length] of Object.entries(SOUND_LENGTHS) as [SoundName, number][]) {
    const loop = LOOPED.has(name);
    const margin = loop ? LOOP_MARGIN_MS : 0;
    parts[name] = { start: cursor + margin, renderStart: cursor, length, loop };
    cursor += margin * 2 + length + GAP_MS;
  }
  return parts;
}

/** Total length of the file, ms. */
export function spriteLength(): number {
  return (
    Object.values(spriteLayout()).reduce(
      (end, part) => Math.max(end, part.start + part.length + (part.loop ? LOOP_MARGIN_MS : 0)),
      0,
    ) + GAP_MS
  );
}

/** The sprite as howler takes it: name -> [offset ms, duration ms, loop]. */
export function howlerSprite(): Record<SoundName, [number, number, boolean]> {
  const sprite = {} as Record<SoundName, [number, number, boolean]>;
  for (const [name, part] of Object.entries(spriteLayout()) as [SoundName, SpritePart][])
    sprite[name] = [part.start, part.length, part.loop];
  return sprite;
}
