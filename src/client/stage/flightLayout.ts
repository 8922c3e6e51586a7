/** Where the multiplier readout sits and how high the rocket climbs, so the two never overlap. */

import { ROCKET_HELD_AT, type PlotBox } from './plot';

/** The widest readout planned for, "x100.00", in ems of its monospace font with the stroke. */
const READOUT_WIDTH_EM = 4.4;
/** Half the readout's height with the stroke, in ems. */
const READOUT_HALF_HEIGHT_EM = 0.6;
/** The lowest the rocket is held on a plot too short for the readout band (share of the plot). */
const MIN_RISE = 0.4;
const GAP = 4;

interface FlightLayout {
  /** The readout's font size. */
  size: number;
  /** The readout's centre. */
  x: number;
  y: number;
  /** FLEW AWAY goes below the readout when the readout sits at the top of the plot. */
  captionBelow: boolean;
  /** Share of the plot height the rocket is held at. */
  rise: number;
}

/**
 * The readout is centred in the plot when the rocket, held at the top right, clears its widest text.
 * Otherwise (phones, narrow tablets) the readout moves to a band at the top of the plot and the
 * rocket is held below that band. `rocketReach` is how far the rocket (or its crash burst) reaches
 * from the curve's tip.
 */
export function flightLayout(box: PlotBox, stageWidth: number, rocketReach: number): FlightLayout {
  const size = Math.max(34, Math.min(96, stageWidth / 8));
  const x = box.left + box.width / 2;
  const rocketLeft = box.left + box.width * ROCKET_HELD_AT - rocketReach - GAP;
  if (x + (size * READOUT_WIDTH_EM) / 2 <= rocketLeft) {
    return { size, x, y: box.top + box.height * 0.42, captionBelow: false, rise: ROCKET_HELD_AT };
  }
  const y = box.top + size * READOUT_HALF_HEIGHT_EM;
  const rocketTop = y + size * READOUT_HALF_HEIGHT_EM + GAP + rocketReach;
  const rise = (box.top + box.height - rocketTop) / box.height;
  return { size, x, y, captionBelow: true, rise: Math.min(ROCKET_HELD_AT, Math.max(MIN_RISE, rise)) };
}
