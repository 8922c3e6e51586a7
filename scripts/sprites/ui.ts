/**
 * The pixel kit's tile sheets (sprites/ui/): panel frames, buttons in three states, chips, the switch
 * and the sound icons. Each sheet is drawn at art resolution (1/pixel of its size) and saved scaled up.
 * Edges depend only on the distance to the nearest side, so the middle strips are uniform and the
 * border-image can repeat them without seams.
 */

import {
  BOX_TONES,
  BUTTON_COLORS,
  BUTTON_STATES,
  CHIP_COLORS,
  type ButtonState,
  type TileSpec,
} from '../../src/client/pixel/tiles';
import { hex, Pixels, type Rgba } from './Pixels';
import { PALETTE as P } from './sphere';

/** Darkest to lightest: shadow, shade, base, light, highlight. */
type Ramp = readonly [Rgba, Rgba, Rgba, Rgba, Rgba];
const ramp = (...colors: string[]): Ramp => colors.map((color) => hex(color)) as unknown as Ramp;

const RAMPS = {
  purple: ramp('#2a1b5c', '#46309a', '#6b4fd8', '#9279f0', '#c9bbff'),
  green: ramp('#0a4a2c', '#0b7a3e', '#00a650', '#28d86a', '#a3ffb8'),
  orange: ramp('#7a2e12', '#b8520f', '#e8790e', '#ffa300', '#ffd877'),
  red: ramp('#5c0a26', '#9c0d35', '#d61445', '#ff4d6d', '#ffb0c0'),
  gray: ramp('#2a2640', '#45405e', '#5f5a7a', '#83809c', '#c2c3c7'),
  yellow: ramp('#6b4a0c', '#b07d05', '#e0b000', '#ffec27', '#fff9b0'),
} as const;

/** Where a pixel sits: its distance (in art pixels) to each side. */
interface Spot {
  left: number;
  right: number;
  top: number;
  bottom: number;
  /** Distance to the nearest side. */
  depth: number;
}

/**
 * A framed shape w x h: corners cut per `cut` (cut[row] pixels off each end of the first rows),
 * a 1-pixel ink outline, and `paint` for everything inside the outline.
 */
function framed(w: number, h: number, cut: number[], paint: (spot: Spot) => Rgba, outline: Rgba = P.ink): Pixels {
  const p = new Pixels(w, h);
  const inside = (x: number, y: number) => {
    if (x < 0 || y < 0 || x >= w || y >= h) return false;
    const row = Math.min(y, h - 1 - y);
    return Math.min(x, w - 1 - x) >= (cut[row] ?? 0);
  };
  p.each((x, y) => {
    if (!inside(x, y)) return null;
    if (!inside(x - 1, y) || !inside(x + 1, y) || !inside(x, y - 1) || !inside(x, y + 1)) return outline;
    const spot = { left: x, right: w - 1 - x, top: y, bottom: h - 1 - y, depth: 0 };
    spot.depth = Math.min(spot.left, spot.right, spot.top, spot.bottom);
    return paint(spot);
  });
  return p;
}

/** A block button with a highlight on top and a lip below; hover is lighter, active is pressed in. */
function button(w: number, h: number, cut: number[], colors: Ramp, state: ButtonState, lip: number): Pixels {
  const [shadow, shade, base, light, highlight] = colors;
  return framed(w, h, cut, ({ left, right, top, bottom }) => {
    if (state === 'active') {
      if (top === 1 || left === 1) return shadow;
      if (bottom === 1) return base;
      return shade;
    }
    if (bottom <= lip) return shadow;
    if (top === 1) return highlight;
    if (state === 'hover') return left === 1 || top === 2 ? highlight : light;
    if (left === 1) return light;
    if (right === 1) return shade;
    return base;
  });
}

/** A panel frame: bevelled metal rim with rivets, a dark inner line, then the fill. */
function box(w: number, h: number, rim: readonly [Rgba, Rgba, Rgba], fill: Rgba, line: Rgba): Pixels {
  const [dark, mid, bright] = rim;
  return framed(w, h, [2, 1], ({ left, right, top, bottom, depth }) => {
    if (depth === 1) return top === 1 || left === 1 ? bright : dark;
    if (depth === 2) return Math.min(left, right) === 2 && Math.min(top, bottom) === 2 ? bright : mid;
    if (depth === 3) return line;
    return fill;
  });
}

/** An outlined chip: a coloured ring around a dark fill (the text takes the colour). */
function chip(w: number, h: number, ring: Rgba): Pixels {
  return framed(w, h, [1], ({ depth, top }) => (depth === 1 ? ring : top === 2 ? hex('#1f1942') : hex('#14102e')));
}

/** A solid chip: filled with the colour, lit on top, with a lip of `lip` rows. */
function solidChip(w: number, h: number, colors: Ramp, lip: number): Pixels {
  const [shadow, , base, light] = colors;
  return framed(w, h, [1], ({ top, bottom }) => (bottom <= lip ? shadow : top === 1 ? light : base));
}

/** The switch knob: a bright bevelled stud, outlined in grey so it shows on both tracks. */
function knob(w: number, h: number): Pixels {
  const [, shade, , light] = RAMPS.gray;
  return framed(
    w,
    h,
    [1],
    ({ top, left, bottom, right }) =>
      top === 1 || left === 1 ? P.white : bottom === 1 || right === 1 ? light : P.silver,
    shade,
  );
}

function track(on: boolean): Pixels {
  const colors = on ? RAMPS.green : RAMPS.gray;
  return framed(9, 7, [1], ({ depth, top }) => {
    if (depth === 1) return top === 1 ? colors[0] : colors[1];
    return on ? colors[2] : hex('#0e0b26');
  });
}

/** An 8x8 speaker, with sound waves or a red cross. */
function speaker(on: boolean): Pixels {
  const p = new Pixels(8, 8);
  const body: [number, number, number][] = [
    [0, 2, 5],
    [1, 2, 5],
    [2, 1, 6],
    [3, 0, 7],
  ];
  for (const [x, from, to] of body) for (let y = from; y <= to; y += 1) p.set(x, y, y === from ? P.white : P.silver);
  const marks: [number, number][] = on
    ? [
        [5, 3],
        [5, 4],
        [6, 1],
        [7, 2],
        [7, 3],
        [7, 4],
        [7, 5],
        [6, 6],
      ]
    : [
        [5, 2],
        [7, 2],
        [6, 3],
        [5, 4],
        [7, 4],
      ];
  for (const [x, y] of marks) p.set(x, on ? y : y + 1, on ? P.sky : P.red);
  return p;
}

function rampOf(color: string): Ramp {
  const key = color.replace('-rounded', '').replace('-solid', '') as keyof typeof RAMPS;
  return RAMPS[key];
}

/** Every sheet of UI_TILES, drawn at art size (spec size / spec.pixel). */
export function drawUi(specs: TileSpec[]): Record<string, Pixels> {
  const art = new Map(specs.map((spec) => [spec.name, { w: spec.width / spec.pixel, h: spec.height / spec.pixel }]));
  const size = (name: string) => {
    const found = art.get(name);
    if (!found) throw new Error(`No tile named ${name} in tiles.ts`);
    return found;
  };
  const drawings: Record<string, Pixels> = {};
  const rims = {
    default: { rim: [hex('#2c2352'), hex('#4a3d86'), hex('#7d6cc4')], fill: hex('#171233'), line: hex('#0b0820') },
    dark: { rim: [hex('#1d1740'), hex('#2c2352'), hex('#4a3d86')], fill: hex('#0e0b26'), line: hex('#07051a') },
    light: { rim: [hex('#5a4f7a'), hex('#83769c'), hex('#c2c3c7')], fill: hex('#2c2352'), line: hex('#1d1740') },
  } as const;
  for (const tone of BOX_TONES) {
    const { w, h } = size(`box-${tone}`);
    drawings[`box-${tone}`] = box(w, h, rims[tone].rim, rims[tone].fill, rims[tone].line);
  }
  for (const color of BUTTON_COLORS) {
    for (const state of BUTTON_STATES) {
      const { w, h } = size(`button-${color}-${state}`);
      const rounded = color === 'purple-rounded';
      drawings[`button-${color}-${state}`] = button(
        w,
        h,
        rounded ? [2, 1] : [1],
        rampOf(color),
        state,
        rounded ? 1 : 2,
      );
    }
  }
  for (const color of CHIP_COLORS) {
    const { w, h } = size(`chip-${color}`);
    const colors = rampOf(color);
    drawings[`chip-${color}`] = color.endsWith('-solid')
      ? solidChip(w, h, colors, color === 'green-solid' ? 1 : 2)
      : chip(w, h, colors[3]);
  }
  drawings['toggle-off'] = track(false);
  drawings['toggle-on'] = track(true);
  const knobSize = size('toggle-knob');
  drawings['toggle-knob'] = knob(knobSize.w, knobSize.h);
  drawings['icon-sound-on'] = speaker(true);
  drawings['icon-sound-off'] = speaker(false);
  return drawings;
}
