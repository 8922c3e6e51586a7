/** Measures each frame's work on the main thread (stage update plus Pixi render) and the gap between frames. */

const CAPACITY = 8192;

/** Samples since the last drain, oldest first, in ms. */
export interface FrameSamples {
  /** Update plus render of each frame. */
  work: number[];
  /** Time from one frame's start to the next (16.7 at 60 fps). */
  gaps: number[];
}

export class FrameMeter {
  private readonly work = new Float32Array(CAPACITY);
  private readonly gaps = new Float32Array(CAPACITY);
  private written = 0;
  private startedAt = 0;
  private previousStart = 0;

  /** Gap between the last two frame starts (ms). */
  lastGap = 0;

  /** The ticker starts again after a stop: the time it stood still is no gap between frames. */
  restart(): void {
    this.previousStart = 0;
  }

  /** Called first in the frame (before the stage updates). */
  begin(now: number): void {
    this.lastGap = this.previousStart === 0 ? 0 : now - this.previousStart;
    this.gaps[this.written % CAPACITY] = this.lastGap;
    this.previousStart = now;
    this.startedAt = now;
  }

  /** Called last in the frame (after Pixi renders); returns this frame's work in ms. */
  end(now: number): number {
    const work = now - this.startedAt;
    this.work[this.written % CAPACITY] = work;
    this.written += 1;
    return work;
  }

  /** The samples recorded since the last drain (for tests and the benchmark). */
  drain(): FrameSamples {
    const count = Math.min(this.written, CAPACITY);
    const samples: FrameSamples = { work: [], gaps: [] };
    for (let index = this.written - count; index < this.written; index += 1) {
      samples.work.push(this.work[index % CAPACITY] ?? 0);
      samples.gaps.push(this.gaps[index % CAPACITY] ?? 0);
    }
    this.written = 0;
    return samples;
  }
}
