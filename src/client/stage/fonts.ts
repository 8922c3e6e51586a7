/** The bitmap fonts of the stage, installed once so text changes never touch a canvas per frame. */

import { BitmapFont, CanvasTextMetrics } from 'pixi.js';
// The files the page's @font-face rules (theme.css) name: the browser fetches each once for both.
import pixelFontUrl from '@fontsource/tiny5/files/tiny5-latin-400-normal.woff2?url';
import cyrillicFontUrl from '@fontsource/tiny5/files/tiny5-cyrillic-400-normal.woff2?url';

/** Font names for BitmapText styles. */
export const FONTS = { readout: 'moonrush-readout', label: 'moonrush-label' } as const;

/** The page's pixel font (styles.css @font-face), one weight; the system monospace if it cannot load. */
const PIXEL_FONT = 'Tiny5';
const FAMILY = `${PIXEL_FONT}, ui-monospace, "DejaVu Sans Mono", Menlo, monospace`;

/** The faces' ranges, as theme.css has them. */
const LATIN_RANGE = 'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+2000-206F, U+20AC, U+2122, U+2212';
const CYRILLIC_RANGE = 'U+0301, U+0400-045F, U+0490-0491, U+04B0-04B1, U+2116';

const CHARS = [['a', 'z'], ['A', 'Z'], ['0', '9'], ' .,:!?-x%s'];
/** Text in which every character is one grapheme cluster. */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const segmentGraphemes = CanvasTextMetrics.graphemeSegmenter;

/**
 * Resolves once the pixel font has loaded (or failed), so the bitmap fonts are drawn from it, not
 * the fallback. A worker has no @font-face of the page's: the font is added to its own font set.
 */
export async function loadPixelFont(): Promise<void> {
  const fonts = (globalThis as { fonts?: FontFaceSet }).fonts ?? globalThis.document?.fonts;
  if (!fonts || typeof FontFace === 'undefined') return;
  const load = (url: string, unicodeRange: string) => {
    const face = new FontFace(PIXEL_FONT, `url(${new URL(url, globalThis.location.href).href})`, { unicodeRange });
    return face.load().then(
      () => fonts.add(face),
      () => undefined,
    );
  };
  // Both faces (6.6 KB for the Cyrillic one, beside the atlases): the language may switch to Russian later.
  await Promise.all([load(pixelFontUrl, LATIN_RANGE), load(cyrillicFontUrl, CYRILLIC_RANGE)]);
}

/**
 * Installs the fonts once, at 2x so they stay crisp on any capped resolution. Without kerning: the
 * pixel font (and the monospace fallback) has none, and Pixi would measure every pair of characters
 * to find that out, 20,000 measureText calls that held a phone's first seconds (docs/stage.md).
 */
export function installFonts(): void {
  CanvasTextMetrics.graphemeSegmenter = splitGraphemes;
  BitmapFont.install({
    name: FONTS.readout,
    chars: CHARS,
    resolution: 2,
    padding: 6,
    skipKerning: true,
    style: {
      fontFamily: FAMILY,
      fontSize: 72,
      fill: 0xffffff,
      // A hard shadow, not a stroke: the pixel font's glyphs are made of overlapping squares, and a
      // stroke would outline every square inside them.
      dropShadow: { color: 0x0b0820, alpha: 1, angle: Math.PI / 2, blur: 0, distance: 6 },
    },
  });
  BitmapFont.install({
    name: FONTS.label,
    chars: CHARS,
    resolution: 2,
    padding: 2,
    skipKerning: true,
    style: { fontFamily: FAMILY, fontSize: 14, fill: 0xffffff },
  });
}

/**
 * Pixi splits a changed BitmapText into grapheme clusters with Intl.Segmenter three times (font
 * check, layout, drawing), allocating an object per character: a tenth of a millisecond and GC
 * pressure on each readout change. The stage's texts are printable ASCII, where a character is a
 * cluster; anything else still goes through the segmenter.
 */
export function splitGraphemes(text: string): string[] {
  return PRINTABLE_ASCII.test(text) ? text.split('') : segmentGraphemes(text);
}
