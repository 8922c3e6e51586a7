/**
 * A flood of public reads from one address must not slow the game (docs/reliability.md). The server runs
 * as its own process on PostgreSQL, as in production, so the flood's cost lands on its event loop alone.
 */

import { Agent, request } from 'node:http';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/database';
import { rounds } from '../../src/server/db/schema';
import { startPostgres, type PostgresCluster } from './pg';
import { spawnServer, type ServerProcess } from './serverProcess';

/**
 * The flood: this many requests at once from one address, each sent this many times in a row. Well over
 * the address's cap of anonymous requests in progress (128): at 200 a quiet machine sometimes answered
 * fast enough that the cap never bound, and the test saw no 503 to judge.
 */
const CONCURRENT = 320;
const REPEATS = 5;
/** At most this many /health probes, one after another, while the flood runs. */
const MAX_PROBES = 1000;
/** Probes of the server without a flood: the machine's own figures, which the flood's are judged against. */
const QUIET_PROBES = 100;

/** One GET on `agent`; resolves with its status and how long it took in ms. */
function get(url: string, agent: Agent): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    request(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
    })
      .on('error', reject)
      .end();
  });
}

/**
 * Sends the flood from a thread of its own, so that handling its answers does not delay the probes
 * measured here; resolves with how many answers had each status.
 */
function floodFrom(url: string): Promise<Record<string, number>> {
  const worker = new Worker(
    `
    const { Agent, request } = require('node:http');
    const { workerData, parentPort } = require('node:worker_threads');
    const agent = new Agent({ keepAlive: true, maxSockets: workerData.concurrent });
    const statuses = {};
    const count = (status) => (statuses[status] = (statuses[status] ?? 0) + 1);
    // A request that gets no answer (a connection closed unanswered): counted as 'closed'.
    const once = () => new Promise((resolve) =>
      request(workerData.url, { agent }, (res) => {
        count(res.statusCode);
        res.resume();
        res.on('end', resolve);
      }).on('error', () => resolve(count('closed'))).end());
    const client = async () => { for (let i = 0; i < workerData.repeats; i++) await once(); };
    Promise.all(Array.from({ length: workerData.concurrent }, client)).then(() => {
      agent.destroy();
      parentPort.postMessage(statuses);
    });
    `,
    { eval: true, workerData: { url, concurrent: CONCURRENT, repeats: REPEATS } },
  );
  return new Promise((resolve, reject) => {
    worker.once('message', (statuses: Record<string, number>) => {
      resolve(statuses);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

describe('a flood of public reads', () => {
  let pg: PostgresCluster;
  let server: ServerProcess;

  beforeAll(async () => {
    pg = await startPostgres();
    const url = await pg.createDatabase('flood');
    // A hundred finished rounds, so that /game/last?limit=100 answers a full page.
    const database = await openDatabase({ databaseUrl: url, dataDir: '' });
    const now = Date.now();
    await database.db.insert(rounds).values(
      Array.from({ length: 100 }, (_, i) => ({
        state: 'ENDED',
        hash: `flood-${i}`.padEnd(64, '0'),
        fullRate: 2.5,
        salt: `salt-${i}`.padEnd(64, '0'),
        rateHundredths: 250,
        createdAt: now - 100_000 + i * 1000,
        startsAt: now - 100_000 + i * 1000,
        startedAt: now - 100_000 + i * 1000,
        endedAt: now - 99_500 + i * 1000,
      })),
    );
    await database.close();
    // The default caps per address (tests raise them for their crowds of players).
    server = await spawnServer({ DATABASE_URL: url, HTTP_MAX_PER_ADDRESS: '', HTTP_ANONYMOUS_PER_ADDRESS: '' });
  }, 180_000);

  afterAll(async () => {
    server?.signal('SIGKILL');
    await server?.exited;
    pg?.stop();
  });

  it('320 concurrent /game/last?limit=100 from one address leave /health answering: p50 under 50 ms and p99 under 150 ms over the quiet figures', async () => {
    const probeAgent = new Agent({ keepAlive: true, maxSockets: 1 });
    /** Sends /health probes one after another while `going()` and returns their times in ms, sorted. */
    const probe = async (going: () => boolean) => {
      const times: number[] = [];
      while (going() && times.length < MAX_PROBES) {
        const { status, ms } = await get(`${server.api}/health`, probeAgent);
        expect(status).toBe(200);
        times.push(ms);
      }
      return times.sort((a, b) => a - b);
    };
    const p = (times: number[], percent: number) => times[Math.ceil((times.length * percent) / 100) - 1]!;
    let quietProbes = QUIET_PROBES;
    try {
      // The 2 shared cores may be busy with other work: what /health takes without a flood is the
      // machine's, and the flood's figures are judged over it.
      const quiet = await probe(() => quietProbes-- > 0);

      let flooding = true;
      const flood = floodFrom(`${server.api}/game/last?limit=100`).finally(() => (flooding = false));
      const times = await probe(() => flooding);
      const statuses = await flood;
      console.log(
        `flood answers ${JSON.stringify(statuses)}; /health ${times.length} probes, p50 ${p(times, 50).toFixed(1)} ms, p99 ${p(times, 99).toFixed(1)} ms (quiet p99 ${p(quiet, 99).toFixed(1)} ms)`,
      );
      expect(statuses['200']).toBeGreaterThan(0);
      expect(times.length).toBeGreaterThanOrEqual(10);
      // Answering 503 to what is over the address's requests in progress is what keeps the queue
      // short; nothing is closed unanswered.
      expect(statuses['503']).toBeGreaterThan(0);
      expect(statuses['closed'] ?? 0).toBe(0);
      // Before the caches and limits the flood put /health's p50 at 81 ms and its p99 at 409 ms. The
      // p99 of a few hundred probes is the third slowest: on 2 shared cores it reached 67 ms with the
      // cap (CI, 2026-11-29) and 20–102 ms without it, so it is bounded only against that old queue.
      expect(p(times, 50)).toBeLessThan(50 + p(quiet, 50));
      expect(p(times, 99)).toBeLessThan(150 + p(quiet, 99));
    } finally {
      probeAgent.destroy();
    }
  }, 120_000);
});
