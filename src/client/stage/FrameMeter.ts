/** Measures each frame's work on the main thread (stage update plus Pixi render) into a ring buffer. */

const CAPACITY = 8192;

export class FrameMeter {
  private readonly samples = new Float32Array(CAPACITY);
  private written = 0;
  private startedAt = 0;

  /** Called first in the frame (before the stage updates). */
  begin(now: number): void {
    this.startedAt = now;
  }

  /** Called last in the frame (after Pixi renders); returns this frame's work in ms. */
  end(now: number): number {
    const work = now - this.startedAt;
    this.samples[this.written % CAPACITY] = work;
    this.written += 1;
    return work;
  }

  /** The samples recorded since the last drain, oldest first (for tests and the benchmark). */
  drain(): number[] {
    const count = Math.min(this.written, CAPACITY);
    const out: number[] = [];
    for (let index = this.written - count; index < this.written; index += 1) out.push(this.samples[index % CAPACITY] ?? 0);
    this.written = 0;
    return out;
  }
}
