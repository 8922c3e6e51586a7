/**
 * Every tile sheet of the pixel kit: PNGs in sprites/ui/ that artists replace, served as they are at
 * /ui/<name>.png. The drawing script, `npm run sprites:check`, sprites/README.md and the components'
 * border-image slices all read this one list.
 */

export const BUTTON_COLORS = ['purple-rounded', 'purple', 'green', 'orange', 'red', 'gray'] as const;
export type ButtonColor = (typeof BUTTON_COLORS)[number];
export const BUTTON_STATES = ['default', 'hover', 'active'] as const;
export type ButtonState = (typeof BUTTON_STATES)[number];

export const CHIP_COLORS = [
  'gray',
  'green',
  'yellow',
  'orange',
  'purple',
  'green-solid',
  'gray-solid',
  'purple-solid',
] as const;
export type ChipColor = (typeof CHIP_COLORS)[number];

export const BOX_TONES = ['default', 'dark', 'light'] as const;
export type BoxTone = (typeof BOX_TONES)[number];

export interface TileSpec {
  /** File name without `.png`. */
  name: string;
  width: number;
  height: number;
  /** The nine-slice corner in image pixels (border-image slice = shown corner in CSS px); null for a plain picture. */
  corner: { x: number; y: number } | null;
  /** Image pixels per art pixel: the drawing script draws at 1/pixel and scales up. */
  pixel: number;
  /** What it is, for the artist. */
  about: string;
}

/** Corner sizes of docs/spec.md §9 (docs/hud.md "Pixel kit"): default block 15px; chip green-solid 6x6, other solid 8x10, others 9x9; button rounded 9x9, others 9x21. */
export function buttonCorner(color: ButtonColor): { x: number; y: number } {
  return color === 'purple-rounded' ? { x: 9, y: 9 } : { x: 9, y: 21 };
}

export function chipCorner(color: ChipColor): { x: number; y: number } {
  if (color === 'green-solid') return { x: 6, y: 6 };
  return color.endsWith('-solid') ? { x: 8, y: 10 } : { x: 9, y: 9 };
}

const BOX_CORNER = { x: 15, y: 15 };

/** A nine-slice sheet: corners plus a middle strip of `middle` pixels each way. */
function sheet(
  name: string,
  corner: { x: number; y: number },
  middle: { x: number; y: number },
  pixel: number,
  about: string,
): TileSpec {
  return { name, width: corner.x * 2 + middle.x, height: corner.y * 2 + middle.y, corner, pixel, about };
}

function chipPixel(color: ChipColor): number {
  return color.endsWith('-solid') ? 2 : 3;
}

function chipMiddle(color: ChipColor): { x: number; y: number } {
  return color.endsWith('-solid') ? { x: 4, y: 4 } : { x: 9, y: 3 };
}

export const UI_TILES: TileSpec[] = [
  ...BOX_TONES.map((tone) => sheet(`box-${tone}`, BOX_CORNER, { x: 15, y: 15 }, 3, `panel frame, ${tone} tone`)),
  ...BUTTON_COLORS.flatMap((color) =>
    BUTTON_STATES.map((state) =>
      sheet(`button-${color}-${state}`, buttonCorner(color), { x: 9, y: 3 }, 3, `${color} button, ${state}`),
    ),
  ),
  ...CHIP_COLORS.map((color) =>
    sheet(`chip-${color}`, chipCorner(color), chipMiddle(color), chipPixel(color), `${color} chip`),
  ),
  sheet('toggle-off', { x: 9, y: 9 }, { x: 9, y: 3 }, 3, 'switch track, off'),
  sheet('toggle-on', { x: 9, y: 9 }, { x: 9, y: 3 }, 3, 'switch track, on'),
  { name: 'toggle-knob', width: 21, height: 21, corner: null, pixel: 3, about: 'switch knob (plain picture)' },
  { name: 'icon-sound-on', width: 24, height: 24, corner: null, pixel: 3, about: 'speaker with waves (plain picture)' },
  {
    name: 'icon-sound-off',
    width: 24,
    height: 24,
    corner: null,
    pixel: 3,
    about: 'speaker crossed out (plain picture)',
  },
];

/** The folder under sprites/ (and under the site root) that holds the tiles; AssetPack leaves it alone. */
export const UI_FOLDER = 'ui';

/** Where the page loads a tile: unhashed, so a replaced PNG shows without rebuilding the JS. */
export function tileUrl(name: string): string {
  return `${import.meta.env?.BASE_URL ?? '/'}${UI_FOLDER}/${name}.png`;
}
