import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { BetIdResponse, PlayerLimits } from '../../src/shared/protocol';
import type { Db } from '../../src/server/db/client';
import { rounds } from '../../src/server/db/schema';
import { RAISE_DELAY_MS } from '../../src/server/risk/playerLimits';
import { checkLedger } from '../../src/server/ledger/check';
import { startServer, type TestServer } from './harness';
import { call } from './client';
import { closeAllRounds, endRound, fundedPlayer, openRound } from './betting';
import * as payments from './paymentClient';

/** The next midnight UTC after `ms`, as the refusals print it. */
const nextMidnight = (ms: number) =>
  `${new Date(Math.floor(ms / 86_400_000 + 1) * 86_400_000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

describe('player limits, self-exclusion and the per-bet cap', () => {
  let t: TestServer;
  let db: Db;
  beforeAll(async () => {
    t = await startServer({ ROLE: 'gateway' });
    db = t.server.services.database.db;
  });
  afterAll(() => t.close());
  beforeEach(() => closeAllRounds(db));

  const as = (token: string) => ({
    get: <T>(path: string) => call<T>(t.api, 'GET', path, undefined, { token }),
    put: <T>(path: string, body: unknown) => call<T>(t.api, 'PUT', path, body, { token }),
    post: <T>(path: string, body: unknown) => call<T>(t.api, 'POST', path, body, { token }),
  });

  it('applies a lower loss limit at once, refuses the bet that would pass it, and lets a raise wait 24 hours', async () => {
    const player = as((await fundedPlayer(t.api, db, 100_000)).token);
    const initial = await player.get<PlayerLimits>('/user/limits');
    expect(initial.body.data).toMatchObject({ pending: {}, exclusion: null, realityCheckMinutes: 0, timeZone: 'UTC' });
    expect(Object.values(initial.body.data!.limits).every((v) => v === null)).toBe(true);

    const set = await player.put<PlayerLimits>('/user/limits', { lossDaily: 5000, realityCheckMinutes: 15 });
    expect(set.body.data).toMatchObject({ pending: {}, realityCheckMinutes: 15 });
    expect(set.body.data!.limits.lossDaily).toBe(5000);

    const round = await openRound(db, 2);
    expect((await player.post('/bet/create', { amount: 3000 })).status).toBe(200);
    const refused = await player.post('/bet/create', { amount: 3000 });
    expect(refused.status).toBe(409);
    expect(refused.body.errorMessage).toBe(
      `This would pass your daily loss limit of 50 coins; it resets ${nextMidnight(Date.now())}`,
    );
    expect((await player.post('/bet/create', { amount: 2000 })).status).toBe(200);
    await endRound(db, round);

    const before = Date.now();
    const raised = await player.put<PlayerLimits>('/user/limits', { lossDaily: 50_000, wagerWeekly: 100_000 });
    expect(raised.body.data!.limits).toMatchObject({ lossDaily: 5000, wagerWeekly: 100_000 });
    const pending = raised.body.data!.pending.lossDaily!;
    expect(pending.amount).toBe(50_000);
    expect(pending.at).toBeGreaterThanOrEqual(before + RAISE_DELAY_MS);
    // Lowering again drops the waiting raise.
    const lowered = await player.put<PlayerLimits>('/user/limits', { lossDaily: 4000, wagerWeekly: null });
    expect(lowered.body.data!.limits.lossDaily).toBe(4000);
    expect(lowered.body.data!.pending).toEqual({ wagerWeekly: { amount: null, at: expect.any(Number) } });
    expect((await player.put('/user/limits', { lossDaily: -1 })).status).toBe(400);
    // Hundredths on the wire: a part of a hundredth is refused with a reason, never cut.
    const fraction = await player.put('/user/limits', { lossDaily: 10000.1 });
    expect([fraction.status, fraction.body.errorMessage]).toEqual([
      400,
      'A limit is a whole number of hundredths of a coin (10000 is 100 coins): a coin has at most two decimals',
    ]);
    expect((await player.get<PlayerLimits>('/user/limits')).body.data!.limits.lossDaily).toBe(4000);
    expect((await player.put('/user/limits', { realityCheckMinutes: 20 })).status).toBe(400);
    expect(await checkLedger(db)).toEqual([]);
  });

  it('refuses a deposit that would pass a deposit limit before anything is signed', async () => {
    const player = await payments.signIn(t);
    expect((await as(player.token).put('/user/limits', { depositDaily: 15_000 })).status).toBe(200);
    // 0.01 SOL is 100 coins: the first fits, the second would make 200.
    expect((await payments.call(t, 'POST', '/payment/prepare', { amount: 0.01 }, player.token)).status).toBe(200);
    const refused = await payments.call(t, 'POST', '/payment/prepare', { amount: 0.01 }, player.token);
    expect(refused.status).toBe(409);
    expect(refused.body.errorMessage).toContain('daily deposit limit of 150 coins');
  });

  it('self-excludes: bets, deposits and raises answer 403 with the end, withdrawing still works, a permanent one stays', async () => {
    const player = await payments.playerWithCoins(t, 1);
    const api = as(player.token);
    const now = Date.now();
    const excluded = await api.post<PlayerLimits>('/user/exclusion', { duration: '24h' });
    const until = excluded.body.data!.exclusion!.until!;
    expect(until).toBeGreaterThanOrEqual(now + 24 * 3_600_000);
    const end = `${new Date(until).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
    await openRound(db, 2);
    const bet = await api.post('/bet/create', { amount: 1000 });
    expect([bet.status, bet.body.errorMessage]).toEqual([403, `You have excluded yourself from play until ${end}`]);
    const deposit = await payments.call(t, 'POST', '/payment/prepare', { amount: 0.01 }, player.token);
    expect(deposit.status).toBe(403);
    expect((await api.put('/user/limits', { lossDaily: 1000 })).status).toBe(200);
    expect((await api.put('/user/limits', { lossDaily: 2000 })).status).toBe(403);
    expect((await api.get('/bet/history')).status).toBe(200);
    const withdraw = await payments.call(
      t,
      'POST',
      '/payment/withdraw',
      { amount: 0.5, wallet: player.wallet },
      player.token,
    );
    expect(withdraw.status).toBe(200);

    expect((await api.post<PlayerLimits>('/user/exclusion', { duration: 'permanent' })).body.data!.exclusion).toEqual({
      until: null,
    });
    const shorter = await api.post<PlayerLimits>('/user/exclusion', { duration: '24h' });
    expect(shorter.body.data!.exclusion).toEqual({ until: null });
    expect((await api.post('/bet/create', { amount: 1000 })).body.errorMessage).toBe(
      'You have excluded yourself from play permanently',
    );
    expect((await api.post('/user/exclusion', { duration: '1y' })).status).toBe(400);
  });

  it("lowers a bet's target to the house's per-bet cap, and refuses one that does not fit at x1.01 naming the largest", async () => {
    const player = as((await fundedPlayer(t.api, db, 1_000_000)).token);
    const round = await openRound(db, 2);
    // The round may pay 50 coins of profit per bet.
    await db.update(rounds).set({ maxBetProfit: 5000 }).where(eq(rounds.id, round.id));
    const fits = await player.post<BetIdResponse>('/bet/create/auto', { amount: 10_000, rate: 1.5 });
    expect(fits.body.data).toEqual({ betId: expect.any(String) });
    const lowered = await player.post<BetIdResponse>('/bet/create/auto', { amount: 10_000, rate: 100 });
    expect(lowered.body.data).toEqual({ betId: expect.any(String), loweredTo: 1.5 });
    await endRound(db, round);
    await openRound(db, 2).then((r) => db.update(rounds).set({ maxBetProfit: 5000 }).where(eq(rounds.id, r.id)));
    const refused = await player.post('/bet/create', { amount: 600_000 });
    expect([refused.status, refused.body.errorMessage]).toEqual([
      409,
      'The house can cover a bet of at most 5.000 coins right now',
    ]);
    const noTarget = await player.post<BetIdResponse>('/bet/create', { amount: 100_000 });
    expect(noTarget.body.data!.loweredTo).toBe(1.05);
  });
});
