/**
 * The password hashes of one process, bounded: scrypt takes about 16 MiB and tens of milliseconds of
 * a libuv thread each, so at most `size` run or wait at once and one more is answered 503 with
 * Retry-After at once. Junk from many addresses can keep it busy for a moment, never for a minute
 * (no per-minute ceiling to fill), and wallets never wait in it.
 */

import { HttpError } from './errors';

export class HashQueue {
  private inside = 0;

  constructor(private readonly size: number) {}

  /** Runs `work` (which hashes a password) once there is room, else throws a 503. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.inside >= this.size) throw new HttpError(503, 'The server is busy: please try again in a moment', 1);
    this.inside++;
    try {
      return await work();
    } finally {
      this.inside--;
    }
  }
}
