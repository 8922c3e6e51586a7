/**
 * bench:frames' server side, as a process of its own that the benchmark starts at the lowest CPU
 * priority (nice 19): the real server with 3 s betting windows and the bet load. A player's phone
 * does not run our server, so its work must not preempt the browser being measured. Sends
 * `{ origin }` once listening (with `pageEmail`, a funded player for the page itself, given
 * `--page-player`), then `{ lastRound }` every second; stops on a 'stop' message or when the benchmark goes away.
 */

import { fundedPlayer } from '../server/betting';
import { startServer } from '../server/harness';
import { TEST_DIST } from '../e2e/buildClient';
import { startBetLoad } from './betLoad';

const players = Number(process.argv[2] ?? 0);
/** 10,000 coins: auto-bet in both panels for every round of the benchmark, the house still able to cover its bets (betLoad.ts). */
const PAGE_BALANCE = 1_000_000;
// A 3 s window lets the load's 200+ bets in on a shared machine.
const server = await startServer({ STATIC_DIR: TEST_DIST, BETTING_MS: '3000', PAUSE_MS: '500', TICK_MS: '100' });
const load = players > 0 ? await startBetLoad(server, players) : undefined;
const pagePlayer = process.argv.includes('--page-player')
  ? await fundedPlayer(server.api, server.server.services.database.db, PAGE_BALANCE)
  : undefined;
process.send?.({ origin: server.api.replace('/api/v1', ''), pageEmail: pagePlayer?.email });
const report = setInterval(() => process.send?.({ lastRound: load?.lastRound() ?? 0 }), 1000);
const stop = (code: number) => {
  clearInterval(report);
  load?.stop();
  void server.close().then(() => process.exit(code));
};
process.on('message', (message) => message === 'stop' && stop(0));
// The benchmark went away without a word (Ctrl-C, a crash): do not outlive it.
process.on('disconnect', () => stop(1));
