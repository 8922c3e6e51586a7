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
const WINDOW_FRAMES = 60;
const CALM_WINDOWS_TO_RAISE = 5;

export class QualityGovernor {
  level = 0;
  private sum = 0;
  private count = 0;
  private calmWindows = 0;

  constructor(private readonly budgetMs = WORK_BUDGET_MS) {}

  /** Feeds one frame's work time; returns true when the level changed. */
  record(workMs: number): boolean {
    this.sum += workMs;
    this.count += 1;
    if (this.count < WINDOW_FRAMES) return false;
    const mean = this.sum / this.count;
    this.sum = 0;
    this.count = 0;
    if (mean > this.budgetMs && this.level < QUALITY_LEVELS.length - 1) {
      this.level += 1;
      this.calmWindows = 0;
      return true;
    }
    this.calmWindows = mean < this.budgetMs * 0.4 ? this.calmWindows + 1 : 0;
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
