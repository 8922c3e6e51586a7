/** The curve's coordinate system: which part of the growth curve is on screen and where a point lands. */

/** The plot's box inside the stage, in CSS pixels. */
export interface PlotBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The visible window of the curve: 0..maxMs across, 1..maxRate up. */
export interface PlotView {
  maxMs: number;
  maxRate: number;
}

/** Share of the plot across and up where the rocket is held once the round outgrows the minimum window. */
export const ROCKET_HELD_AT = 0.8;

/** The least the plot shows, so a young round does not fill the screen at once. */
export const MIN_VIEW: PlotView = { maxMs: 10_000, maxRate: 2 };

/** The plot box for a stage of w x h: room for rate labels on the left and time labels below. */
export function plotBox(width: number, height: number): PlotBox {
  const compact = width < 520;
  const left = compact ? 40 : 56;
  const bottom = compact ? 26 : 34;
  const top = compact ? 16 : 28;
  const right = compact ? 28 : 48;
  return { left, top, width: Math.max(1, width - left - right), height: Math.max(1, height - top - bottom) };
}

/**
 * Fits `view` in place to a point of the curve: it grows with the round so the rocket stays 80 %
 * along and `rise` up (80 % unless the readout needs the top of the plot).
 */
export function fitView(view: PlotView, elapsedMs: number, rate: number, rise = ROCKET_HELD_AT): PlotView {
  view.maxMs = Math.max(MIN_VIEW.maxMs, elapsedMs / ROCKET_HELD_AT);
  view.maxRate = Math.max(MIN_VIEW.maxRate, 1 + (rate - 1) / rise);
  return view;
}

/** Screen x of a time on the curve. */
export function plotX(ms: number, view: PlotView, box: PlotBox): number {
  return box.left + (ms / view.maxMs) * box.width;
}

/** Screen y of a rate on the curve. */
export function plotY(rate: number, view: PlotView, box: PlotBox): number {
  return box.top + box.height - ((rate - 1) / (view.maxRate - 1)) * box.height;
}

/** A round axis step (1, 2 or 5 times a power of ten) giving at most `maxTicks` ticks over `range`. */
export function niceStep(range: number, maxTicks: number): number {
  const raw = range / Math.max(1, maxTicks);
  const power = 10 ** Math.floor(Math.log10(raw));
  const scaled = raw / power;
  const step = scaled <= 1 ? 1 : scaled <= 2 ? 2 : scaled <= 5 ? 5 : 10;
  return step * power;
}
