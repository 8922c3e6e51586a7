/** Adaptive quality: lowers resolution and particle counts when frame work passes its budget, raises them when there is room. */

/** One quality step: a fraction of the capped device resolution and of the background particles. */
export interface QualityLevel {
  resolution: number;
  density: number;
}

/** From best to cheapest. */
export const QUALITY_LEVELS: readonly QualityLevel[] = [
  { resolution: 1, density: 1 },
  { resolution: 0.75, density: 0.7 },
  { resolution: 0.5, density: 0.45 },
  { resolution: 0.5, density: 0.2 },
];

/** Frame work (update plus render, ms) the stage may spend at 60 fps with room for the browser. */
export const WORK_BUDGET_MS = 8;
/** Frames this far apart on average mean the GPU or compositor cannot keep up (under 33 fps). */
const SLOW_GAP_MS = 30;
/** Frames this close on average leave room to raise quality (about 50 fps or better). */
const FAST_GAP_MS = 20;
const WINDOW_FRAMES = 60;
const WINDOW_MS = 1000;
const CALM_WINDOWS_TO_RAISE = 5;

export class QualityGovernor {
  level = 0;
  private workSum = 0;
  private gapSum = 0;
  private count = 0;
  private calmWindows = 0;

  constructor(private readonly budgetMs = WORK_BUDGET_MS) {}

  /**
   * Feeds one frame's work time and its gap from the previous frame (ms); judged over windows of
   * 60 frames or one second. A slow gap with little work means the GPU is the bottleneck: fewer
   * pixels help there too. Returns true when the level changed.
   */
  record(workMs: number, gapMs = 0): boolean {
    this.workSum += workMs;
    this.gapSum += gapMs;
    this.count += 1;
    if (this.count < WINDOW_FRAMES && this.gapSum < WINDOW_MS) return false;
    const work = this.workSum / this.count;
    const gap = this.gapSum / this.count;
    this.workSum = this.gapSum = this.count = 0;
    if ((work > this.budgetMs || gap > SLOW_GAP_MS) && this.level < QUALITY_LEVELS.length - 1) {
      this.level += 1;
      this.calmWindows = 0;
      return true;
    }
    this.calmWindows = work < this.budgetMs * 0.4 && gap < FAST_GAP_MS ? this.calmWindows + 1 : 0;
    if (this.calmWindows >= CALM_WINDOWS_TO_RAISE && this.level > 0) {
      this.level -= 1;
      this.calmWindows = 0;
      return true;
    }
    return false;
  }

  get quality(): QualityLevel {
    return QUALITY_LEVELS[this.level] ?? QUALITY_LEVELS[0]!;
  }
}

/** devicePixelRatio capped at 2: sharper than that costs fill rate no phone can spare. */
export function cappedResolution(devicePixelRatio: number): number {
  return Math.min(2, Math.max(1, devicePixelRatio || 1));
}
