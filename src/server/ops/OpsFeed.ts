/**
 * What this process sends on its own STOMP destinations, once a second and after each operator
 * action here: the maintenance notice on /topic/maintenance whenever the database's pause changes
 * (so every gateway of a cluster follows it, whichever gateway paused), and the console's state on
 * /topic/ops/state while an operator subscribes here.
 */

import type { FastifyBaseLogger } from 'fastify';
import type { StompServer } from '../stomp/StompServer';
import { MAINTENANCE_DESTINATION, OPS_DESTINATIONS } from '../../shared/ops';
import { maintenanceEvent, readPause } from './maintenance';
import { opsState, type StateSources } from './state';

const EVERY_MS = 1000;

export class OpsFeed {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private notice: string | undefined;

  constructor(
    private readonly stomp: Pick<StompServer, 'publishLocal' | 'subscribers'>,
    private readonly sources: StateSources,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {}

  /** Sends the notice at once (retained for every later subscriber), then runs every second. */
  async start(): Promise<void> {
    await this.poke();
    this.timer = setInterval(() => void this.poke(), EVERY_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** Runs a pass now (one at a time: a poke during a pass runs one more after it). */
  poke(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.pass()
      .catch((error: unknown) => this.log.warn({ err: error }, 'ops feed pass failed'))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          void this.poke();
        }
      });
    return this.running;
  }

  private async pass(): Promise<void> {
    const notice = JSON.stringify(maintenanceEvent(await readPause(this.sources.db)));
    if (notice !== this.notice) {
      this.notice = notice;
      this.stomp.publishLocal(MAINTENANCE_DESTINATION, notice);
    }
    if (this.stomp.subscribers(OPS_DESTINATIONS.state) > 0)
      this.stomp.publishLocal(OPS_DESTINATIONS.state, JSON.stringify(await opsState(this.sources)));
  }
}
