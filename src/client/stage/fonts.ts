/** The bitmap fonts of the stage, installed once so text changes never touch a canvas per frame. */

import { BitmapFont } from 'pixi.js';

/** Font names for BitmapText styles. */
export const FONTS = { readout: 'moonrush-readout', label: 'moonrush-label' } as const;

const CHARS = [['a', 'z'], ['A', 'Z'], ['0', '9'], ' .,:!?-x%s'];

/** Installs the fonts once, at 2x so they stay crisp on any capped resolution. */
export function installFonts(): void {
  BitmapFont.install({
    name: FONTS.readout,
    chars: CHARS,
    resolution: 2,
    padding: 6,
    style: {
      fontFamily: 'ui-monospace, "Cascadia Mono", "DejaVu Sans Mono", Menlo, monospace',
      fontSize: 72,
      fontWeight: '900',
      fill: 0xffffff,
      stroke: { color: 0x0b0820, width: 8, join: 'round' },
    },
  });
  BitmapFont.install({
    name: FONTS.label,
    chars: CHARS,
    resolution: 2,
    padding: 2,
    style: { fontFamily: 'ui-monospace, "DejaVu Sans Mono", Menlo, monospace', fontSize: 14, fontWeight: '700', fill: 0xffffff },
  });
}
