/**
 * The console's live view (docs/ops.md "State") on PostgreSQL: GET /ops/state while a round with
 * known bets flies and after it crashes, with every figure worked out here from what the test did;
 * the round's and the day's results come from the transfers.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startServer, type TestServer } from './harness';
import { call } from './client';
import { startPostgres, type PostgresCluster } from './pg';
import { fixedCrashPoints } from './crashPoints';
import { fundedPlayer } from './betting';
import { connectStomp, waitUntil } from './stompClient';
import { ops, signedInOperator, type TestOperator } from './opsClient';
import * as payments from './paymentClient';
import { queryRows } from '../../src/server/db/client';
import { checkLedger } from '../../src/server/ledger/check';
import { DESTINATIONS, type GameEvent } from '../../src/shared/protocol';
import { OPS_DESTINATIONS, type OpsState } from '../../src/shared/ops';

/** Every round crashes at x2 (11.5 s of flight): long enough to look at it in the air. */
const CRASH = 2;
/** RISK_ROUND_PERCENT's default, 1.125 %, in parts per million. */
const ROUND_PPM = 11_250n;

describe('the live view on PostgreSQL', () => {
  let pg: PostgresCluster;
  let t: TestServer;
  let viewer: TestOperator;

  beforeAll(async () => {
    pg = await startPostgres();
    t = await startServer(
      { DATABASE_URL: await pg.createDatabase('ops_state'), WITHDRAW_REVIEW_ABOVE: '1000' },
      { roundSecrets: fixedCrashPoints([CRASH]) },
    );
    viewer = await signedInOperator(t, 'viewer');
  });
  afterAll(async () => {
    await t?.close();
    pg?.stop();
  });

  const state = async () => (await ops<OpsState>(t, viewer, 'GET', 'state')).body.data!;
  /** The state once `ready` holds for it (polled: the figures follow the round and the online reports). */
  async function stateWhen(ready: (s: OpsState) => boolean, what: string): Promise<OpsState> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const now = await state();
      if (ready(now)) return now;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(now)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('shows the round in flight, the house, payments waiting, the last rounds and errors with their real figures', async () => {
    // Waiting payments: one withdrawal held for review (0.2 SOL is 2,000 coins) and one deposit prepared.
    const holder = await payments.playerWithCoins(t, 1);
    const held = await payments.call(
      t,
      'POST',
      '/payment/withdraw',
      { amount: 0.2, wallet: holder.wallet },
      holder.token,
    );
    expect(held.body.data).toMatchObject({ status: 'review' });
    await payments.prepare(t, holder, 0.1);
    const cashing = await fundedPlayer(t.api, t.server.services.database.db, 10_000);
    const holding = await fundedPlayer(t.api, t.server.services.database.db, 10_000);

    // An operator watching first: its socket is no player online.
    const console = await connectStomp(t.ws, [OPS_DESTINATIONS.state], 10_000, {
      authorization: `Bearer ${viewer.token}`,
    });
    const watcher = await connectStomp(t.ws, [DESTINATIONS.game, DESTINATIONS.online]);
    const events = () => watcher.received.get(DESTINATIONS.game) as GameEvent[];
    try {
      // The bankroll the next round's cap is a share of: nothing changes it until that round's cash-out.
      const before = await state();
      const seen = events().length;
      await waitUntil(
        () =>
          events()
            .slice(seen)
            .some((e) => e.eventType === 'GAME_CREATED'),
        20_000,
        'a new round',
      );
      const gameId = events().findLast((e) => e.eventType === 'GAME_CREATED')!.data.gameId;
      // One bet cashes out by itself at x1.5, the other rides to the crash and loses.
      const auto = await call(t.api, 'POST', '/bet/create/auto', { amount: 1000, rate: 1.5 }, { token: cashing.token });
      const manual = await call(t.api, 'POST', '/bet/create', { amount: 2000 }, { token: holding.token });
      expect([auto.status, manual.status]).toEqual([200, 200]);

      const flying = await stateWhen(
        (s) => s.round?.gameId === gameId && s.round.state === 'STARTED' && s.round.rate >= 120,
        'the round in the air',
      );
      const rate = flying.round!.rate;
      expect(rate).toBeLessThan(CRASH * 100);
      // If all cashed out at `rate`: the auto bet at most at its x1.5 (paid already past it), the other at `rate`.
      const owed = Math.floor((1000 * Math.min(150, rate)) / 100) - 1000 + Math.floor((2000 * rate) / 100) - 2000;
      expect(flying.round).toEqual({
        ...{ gameId, state: 'STARTED', rate, bets: 2, stakes: 3000, owedIfAllCashOut: owed },
        riskCap: Number((BigInt(before.house.bankroll) * ROUND_PPM) / 1_000_000n),
      });
      expect(flying.round!.riskCap).toBeGreaterThan(0);

      await waitUntil(
        () => events().some((e) => e.eventType === 'GAME_ENDED' && e.data.gameId === gameId),
        20_000,
        'the crash',
      );
      // Three error lines, as a failing request would log them.
      const errorsBefore = (await state()).errorsLastHour;
      for (let i = 0; i < 3; i++) t.server.app.log.error({ test: 'opsState' }, 'an error the console counts');
      const after = await stateWhen((s) => s.errorsLastHour === errorsBefore + 3, 'the errors counted');

      const stakes = 1000 + 2000;
      const paid = 1000 * 1.5;
      expect(after.lastRounds[0]).toEqual({ gameId, crash: CRASH * 100, houseResult: stakes - paid });
      expect(after.pending).toEqual({ deposits: 1, withdrawals: 0, review: 1, credits: 0 });

      // The house: every balance plus the held withdrawal (no bet is open), against the chain.
      const [sums] = await queryRows<{ balances: string }>(
        t.server.services.database.db,
        sql`SELECT sum(balance)::text AS balances FROM accounts`,
      );
      const coinsOwed = Number(sums!.balances) + 200_000;
      expect(after.house).toMatchObject({ coinsOwed, bankroll: after.house.chainBalance - coinsOwed });
      expect(after.house.reservesRatio).toBe(Math.round((after.house.chainBalance / coinsOwed) * 10_000) / 10_000);
      // The watcher's socket is the one player online, on the console and on the player's page.
      expect((await stateWhen((s) => s.playersOnline === 1, 'one player online')).playersOnline).toBe(1);
      expect(watcher.received.get(DESTINATIONS.online)!.at(-1)).toEqual({ online: 1 });
      expect(console.received.get(OPS_DESTINATIONS.state)!.length).toBeGreaterThan(0);

      // The day so far, from the transfers: the game account's net, then an admin's manual credit.
      expect(after.today).toEqual({ game: stakes - paid, manualCredits: 0, manualDebits: 0, creditsBy: [] });
      const admin = await signedInOperator(t, 'admin');
      const adjusted = await ops(t, admin, 'POST', `players/${holding.id}/adjust`, {
        amount: 2500,
        reason: 'goodwill',
      });
      expect(adjusted.status).toBe(200);
      const credited = await stateWhen((s) => s.today.manualCredits > 0, 'the manual credit');
      expect(credited.today).toEqual({
        ...{ game: stakes - paid, manualCredits: 2500, manualDebits: 0 },
        creditsBy: [{ operator: admin.email, amount: 2500 }],
      });
      expect(await checkLedger(t.server.services.database.db)).toEqual([]);
    } finally {
      await Promise.all([watcher.close(), console.close()]);
    }
  }, 90_000);
});
