/** What cluster tests watch: the game events a player sees through the gateways, and the rounds they pick to bet on. */

import { Client } from '@stomp/stompjs';
import { sql } from 'drizzle-orm';
import { WebSocket } from 'ws';
import { msToRate } from '../../src/shared/growth';
import { DESTINATIONS, type GameEvent } from '../../src/shared/protocol';
import { queryRows, type Db } from '../../src/server/db/client';
import { waitUntil } from './stompClient';

/** A player's STOMP client that, like a browser behind a load balancer, reconnects to whichever gateway answers. */
export function failoverClient(urls: string[]) {
  const events: GameEvent[] = [];
  const connectedTo: string[] = [];
  /** When each event arrived (Date.now()), by index in `events`. */
  const arrivals: number[] = [];
  let next = 0;
  const client = new Client({
    webSocketFactory: () => {
      const url = urls[next++ % urls.length]!;
      connectedTo.push(url);
      return new WebSocket(url, ['v12.stomp']);
    },
    heartbeatIncoming: 1000,
    heartbeatOutgoing: 1000,
    reconnectDelay: 200,
  });
  client.onConnect = () => {
    client.subscribe(DESTINATIONS.game, (message) => {
      events.push(JSON.parse(message.body) as GameEvent);
      arrivals.push(Date.now());
    });
  };
  client.activate();
  return { client, events, arrivals, connectedTo };
}

export type Watcher = ReturnType<typeof failoverClient>;

/**
 * How long a betting window may be in coming: the cluster tests' engines fly to fixed crash points
 * of x5 at most (serverProcess.ts FIXED_CRASH_POINTS; x5 flies 26.8 s), then a pause and a window.
 */
export const WINDOW_WAIT_MS = msToRate(5) + 20_000;

export const of = <T extends GameEvent['eventType']>(events: GameEvent[], type: T) =>
  events.filter((e): e is Extract<GameEvent, { eventType: T }> => e.eventType === type);

/** How many rounds roundCrashingAt looks at before it gives up: the fixed crash points come round sooner. */
const ROUNDS_TO_TRY = 5;

/**
 * The next round in its betting window (at least `windowMs` of it left) whose crash point, read
 * from the database where the engine stored it, suits the test.
 */
export async function roundCrashingAt(
  watcher: Watcher,
  db: Db,
  suits: (fullRate: number) => boolean,
  windowMs = 1000,
): Promise<{ gameId: string; fullRate: number }> {
  const seen = new Set<string>();
  const fresh = () =>
    of(watcher.events, 'GAME_CREATED').findLast(
      (e) => e.data.startsAt - Date.now() > windowMs && !seen.has(e.data.gameId),
    );
  for (let tries = 0; tries < ROUNDS_TO_TRY; tries++) {
    await waitUntil(() => fresh() !== undefined, WINDOW_WAIT_MS, 'a betting window');
    const { gameId } = fresh()!.data;
    seen.add(gameId);
    const [row] = await queryRows<{ full_rate: number }>(db, sql`select full_rate from rounds where id = ${gameId}`);
    if (row && suits(row.full_rate)) return { gameId, fullRate: row.full_rate };
  }
  throw new Error(`none of ${ROUNDS_TO_TRY} rounds had a suitable crash point`);
}

/**
 * After a failed test: what each server logged last and the last rounds, where leadership and
 * flights show. Cluster tests call it from afterEach.
 */
export async function logFailure(failed: boolean, servers: { pid: number; logs: string[] }[], db: Db): Promise<void> {
  if (!failed) return;
  for (const server of servers) console.log(`--- server ${server.pid}:\n${server.logs.slice(-60).join('\n')}`);
  const rounds = await queryRows(
    db,
    sql`select id, state, full_rate, starts_at, started_at, ended_at from rounds order by id desc limit 3`,
  );
  console.log(`--- the last rounds at ${Date.now()}:`, rounds);
}
