/**
 * Adaptive quality: lowers resolution and particle counts when frame work passes its budget or frames
 * fall well behind the device's refresh rate, raises them when there is room.
 */

/** One quality step: a fraction of the capped device resolution and of the background particles. */
interface QualityLevel {
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
const WORK_BUDGET_MS = 8;
/** Frames not judged after a (re)start: loading and the first draws stutter without the stage being slow. */
export const WARMUP_FRAMES = 30;
/** A gap this long is a pause (a hidden tab, a blocked main thread), not a slow frame. */
const PAUSE_GAP_MS = 250;
/** Frames this many refresh intervals apart on average mean the GPU or compositor cannot keep up. */
const SLOW_GAP_RATIO = 1.8;
/** Frames this close to the refresh interval on average leave room to raise quality. */
const STEADY_GAP_RATIO = 1.2;
/** A 60 Hz screen's interval: what a device is judged against until it shows otherwise. */
const NOMINAL_REFRESH_MS = 1000 / 60;
/** A drop for slow frames must bring the gap down by this much, or the device caps its rate. */
const PROBE_GAIN = 0.9;
const WINDOW_FRAMES = 60;
const WINDOW_MS = 1000;
const CALM_WINDOWS_TO_RAISE = 5;

export class QualityGovernor {
  level = 0;
  /**
   * The refresh interval frames are judged against: 60 Hz's, the shortest window seen when the
   * screen is faster, or the rate a device turned out to cap itself at (battery saver at 30 fps).
   */
  refreshMs = NOMINAL_REFRESH_MS;
  private workSum = 0;
  private gapSum = 0;
  private count = 0;
  private calmWindows = 0;
  private warmup = WARMUP_FRAMES;
  /** The window gap that made the last drop, when it was for slow frames with little work. */
  private probeGap: number | null = null;

  constructor(private readonly budgetMs = WORK_BUDGET_MS) {}

  /** The ticker started again (the tab is shown): judge afresh from the current level. */
  restart(): void {
    this.workSum = this.gapSum = this.count = this.calmWindows = 0;
    this.probeGap = null;
    this.warmup = WARMUP_FRAMES;
  }

  /**
   * Feeds one frame's work time and its gap from the previous frame (ms); judged over windows of
   * 60 frames or one second. Slow gaps with little work mean the GPU is the bottleneck, and fewer
   * pixels help there too; if the next window is no faster, the device caps its frame rate, so the
   * drop is undone and that rate becomes its norm. Returns true when the level changed.
   */
  record(workMs: number, gapMs: number): boolean {
    if (this.warmup > 0 || gapMs > PAUSE_GAP_MS) {
      this.warmup = Math.max(0, this.warmup - 1);
      return false;
    }
    this.workSum += workMs;
    this.gapSum += gapMs;
    this.count += 1;
    if (this.count < WINDOW_FRAMES && this.gapSum < WINDOW_MS) return false;
    const work = this.workSum / this.count;
    const gap = this.gapSum / this.count;
    this.workSum = this.gapSum = this.count = 0;
    this.refreshMs = Math.min(this.refreshMs, gap);
    const probeGap = this.probeGap;
    this.probeGap = null;
    if (probeGap !== null && gap >= probeGap * PROBE_GAIN && work <= this.budgetMs) {
      this.refreshMs = probeGap;
      return this.step(-1);
    }
    if (work > this.budgetMs || gap > this.refreshMs * SLOW_GAP_RATIO) {
      const dropped = this.step(+1);
      if (dropped && work <= this.budgetMs) this.probeGap = gap;
      return dropped;
    }
    const calm = work < this.budgetMs * 0.4 && gap <= this.refreshMs * STEADY_GAP_RATIO;
    this.calmWindows = calm ? this.calmWindows + 1 : 0;
    return this.calmWindows >= CALM_WINDOWS_TO_RAISE && this.step(-1);
  }

  /** Moves the level by one within the levels; true when it moved. */
  private step(by: 1 | -1): boolean {
    const next = Math.min(QUALITY_LEVELS.length - 1, Math.max(0, this.level + by));
    this.calmWindows = 0;
    if (next === this.level) return false;
    this.level = next;
    return true;
  }

  get quality(): QualityLevel {
    return QUALITY_LEVELS[this.level] ?? QUALITY_LEVELS[0]!;
  }
}

/** devicePixelRatio capped at 2: sharper than that costs fill rate no phone can spare. */
export function cappedResolution(devicePixelRatio: number): number {
  return Math.min(2, Math.max(1, devicePixelRatio || 1));
}

/**
 * Textures one batched draw may sample (batchTextureLimit.ts). Pixi's default is the GPU's limit
 * (16 or 32), and its batch shader then picks a draw's texture through an if-chain that long:
 * software GL (SwiftShader, Chrome's fallback where the GPU is blocklisted) and weak mobile GPUs pay
 * for the chain on every pixel. The stage batches at most two atlases and a font page at once, so 4
 * adds no draw call; in bench:frames' setup it about halved the GPU process's CPU (90 % of a core
 * with 32, 43–51 % with 4).
 */
export const BATCH_TEXTURES = 4;
