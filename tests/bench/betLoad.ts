/**
 * Background load for bench:frames: funded players who place two auto bets each in every round
 * (cash-out targets spread from x1.1 to x6, so cash-outs arrive all through the flight).
 */

import { DESTINATIONS } from '../../src/shared/protocol';
import { fundedPlayer } from '../server/betting';
import { call } from '../server/client';
import type { TestServer } from '../server/harness';

/**
 * Each player's balance, hundredths: 1,000 coins, 50 rounds of two 10-coin bets. The players'
 * coins count against the house's bankroll (LOCAL_HOUSE_SOL less every coin owed), so richer
 * players would leave the house nothing to cover a bet with, and every bet would be refused.
 */
const PLAYER_BALANCE = 100_000;

/** How many requests are in flight at once. */
const CONCURRENCY = 24;

export interface BetLoad {
  /** Bets accepted in the last round. */
  lastRound(): number;
  stop(): void;
}

/** Creates `players` funded players and bets `2 * players` times at every GAME_CREATED. */
export async function startBetLoad(server: TestServer, players: number): Promise<BetLoad> {
  const db = server.server.services.database.db;
  const tokens: string[] = [];
  for (let i = 0; i < players; i += 1) tokens.push((await fundedPlayer(server.api, db, PLAYER_BALANCE)).token);
  let placed = 0;
  let running = true;
  const unsubscribe = server.server.services.bus.subscribe(DESTINATIONS.game, (json) => {
    if (!running || (JSON.parse(json) as { eventType: string }).eventType !== 'GAME_CREATED') return;
    placed = 0;
    const bets = tokens
      .flatMap((token) => [token, token])
      .map((token) => async () => {
        const rate = Math.round((1.1 + Math.random() * 4.9) * 100) / 100;
        const answer = await call(server.api, 'POST', '/bet/create/auto', { amount: 1000, rate }, { token });
        if (answer.body.success) placed += 1;
      });
    void runLimited(bets, CONCURRENCY);
  });
  return {
    lastRound: () => placed,
    stop() {
      running = false;
      unsubscribe();
    },
  };
}

async function runLimited(tasks: (() => Promise<void>)[], limit: number): Promise<void> {
  const queue = [...tasks];
  const worker = async () => {
    for (let task = queue.shift(); task; task = queue.shift()) await task().catch(() => undefined);
  };
  await Promise.all(Array.from({ length: limit }, worker));
}
