import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  DESTINATIONS,
  type Bet,
  type BetEvent,
  type BetWithRound,
  type CashOutResponse,
} from '../../src/shared/protocol';
import { bets, ledgerEntries, rounds } from '../../src/server/db/schema';
import type { Db } from '../../src/server/db/client';
import { checkLedger } from '../../src/server/ledger/check';
import { roundBets, leaders } from '../../src/server/ledger/betViews';
import { cashOut, placeBet } from '../../src/server/betting/bets';
import { markStarted } from '../../src/server/game/rounds';
import { crashInstant, msToRate, rateAt, rateHundredths } from '../../src/shared/growth';
import { ROUND_BETS_PAGE } from '../../src/shared/constants';
import { seededRandom } from '../../src/client/stage/random';
import { startServer, type TestServer } from './harness';
import { call } from './client';
import { balanceOf, closeAllRounds, endRound, fundedPlayer, openRound, startRound } from './betting';

describe('bets', () => {
  let t: TestServer;
  let db: Db;
  const events: BetEvent[] = [];
  beforeAll(async () => {
    t = await startServer({ ROLE: 'gateway', MAX_BET: '1000', MAX_WIN: '40' });
    db = t.server.services.database.db;
    t.server.services.bus.subscribe(DESTINATIONS.bets, (json) => events.push(JSON.parse(json) as BetEvent));
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    events.length = 0;
    await closeAllRounds(db);
  });

  const post = <T>(path: string, body: unknown, token: string, headers?: Record<string, string>) =>
    call<T>(t.api, 'POST', path, body, { token, headers });

  it('places a bet in the betting window, debits it and announces BET_CREATED', async () => {
    const player = await fundedPlayer(t.api, db, 5000);
    const round = await openRound(db, 2);
    const answer = await post<{ betId: string }>('/bet/create', { amount: 2000 }, player.token);
    expect(answer.status).toBe(200);
    expect(await balanceOf(db, player.id)).toBe(3000n);
    expect(events).toEqual([
      {
        eventType: 'BET_CREATED',
        data: expect.objectContaining({
          betId: answer.body.data!.betId,
          status: 'CREATED',
          amount: 2000,
          rate: null,
          winAmount: null,
        }),
      },
    ]);
    expect((await roundBets(db, round.id, ROUND_BETS_PAGE)).map((b) => b.betId)).toEqual([answer.body.data!.betId]);
  });

  it('refuses bets outside the betting window, without funds, and a third bet in one round', async () => {
    const player = await fundedPlayer(t.api, db, 2500);
    const closed = await post('/bet/create', { amount: 1000 }, player.token);
    expect([closed.status, closed.body.errorMessage]).toEqual([409, 'Betting is closed: wait for the next round']);
    await openRound(db, 2);
    const poor = await post('/bet/create', { amount: 2900 }, player.token);
    expect([poor.status, poor.body.errorMessage]).toEqual([409, 'Not enough funds']);
    expect((await post('/bet/create', { amount: 1000 }, player.token)).status).toBe(200);
    expect((await post('/bet/create/auto', { amount: 1000, rate: 2 }, player.token)).status).toBe(200);
    const third = await post('/bet/create', { amount: 1000 }, player.token);
    expect([third.status, third.body.errorMessage]).toEqual([409, 'You already have 2 bets in this round']);
    expect(await balanceOf(db, player.id)).toBe(500n);
  });

  it('cancels with a full refund only while the round takes bets', async () => {
    const player = await fundedPlayer(t.api, db, 5000);
    const round = await openRound(db, 2);
    const first = (await post<{ betId: string }>('/bet/create', { amount: 1000 }, player.token)).body.data!.betId;
    const second = (await post<{ betId: string }>('/bet/create', { amount: 1000 }, player.token)).body.data!.betId;
    expect((await post('/bet/cancel', { betId: first }, player.token)).status).toBe(200);
    expect(await balanceOf(db, player.id)).toBe(4000n);
    expect(events.at(-1)).toMatchObject({ eventType: 'BET_CANCELED', data: { betId: first } });
    await startRound(db, round);
    const late = await post('/bet/cancel', { betId: second }, player.token);
    expect([late.status, late.body.errorMessage]).toEqual([
      409,
      'The round has started: this bet can no longer be canceled',
    ]);
    expect(await balanceOf(db, player.id)).toBe(4000n);
  });

  it('cashes out at the rate of the receive instant, once, and never after the crash', async () => {
    const player = await fundedPlayer(t.api, db, 5000);
    const round = await openRound(db, 5);
    const betId = (await post<{ betId: string }>('/bet/create', { amount: 1000 }, player.token)).body.data!.betId;
    const early = await post('/bet/refund', { betId }, player.token);
    expect([early.status, early.body.errorMessage]).toEqual([409, 'The round has not started yet']);
    const startedAt = (await startRound(db, round, 11_552)).startedAt!; // startRound sets it
    const sent = Date.now();
    const cashOut = await post<CashOutResponse>('/bet/refund', { betId }, player.token);
    const answered = Date.now();
    expect(cashOut.status).toBe(200);
    // The rate of an instant between the request's sending and its answer (a loaded machine may
    // take a second between them), in hundredths down: x2.00 at least, as the round was started 11.552 s ago.
    expect(cashOut.body.data!.rate).toBeGreaterThanOrEqual(
      Math.max(2, Math.floor(rateAt(sent - startedAt) * 100) / 100),
    );
    expect(cashOut.body.data!.rate).toBeLessThanOrEqual(rateAt(answered - startedAt));
    expect(cashOut.body.data!.winAmount).toBe(Math.floor(1000 * cashOut.body.data!.rate));
    expect(await balanceOf(db, player.id)).toBe(BigInt(4000 + cashOut.body.data!.winAmount));
    expect(events.at(-1)).toMatchObject({
      eventType: 'BET_REFUNDED',
      data: { betId, status: 'REFUNDED', rate: cashOut.body.data!.rate },
    });
    const again = await post('/bet/refund', { betId }, player.token);
    expect([again.status, again.body.errorMessage]).toEqual([409, 'This bet is already cashed out']);

    const crashed = await openRound(db, 1.5);
    const lateBet = (await post<{ betId: string }>('/bet/create', { amount: 1000 }, player.token)).body.data!.betId;
    await startRound(db, crashed, 7000);
    const late = await post('/bet/refund', { betId: lateBet }, player.token);
    expect([late.status, late.body.errorMessage]).toEqual([409, 'Too late: the rocket has flown away']);
  });

  /** The operator's counters: coins by flow, and settlements by what triggered them. */
  const coins = async (flow: string) =>
    (await t.server.services.metrics.betHundredths.get()).values.find((v) => v.labels.flow === flow)?.value ?? 0;
  const settlements = async (on: string) =>
    (await t.server.services.metrics.settleSeconds.get()).values.find(
      (v) => v.labels.on === on && v.metricName === 'moonrush_settle_seconds_count',
    )?.value ?? 0;

  it('pays auto cash-outs at exactly their target as ticks pass it; lost bets stay CREATED without a win', async () => {
    const before = [await coins('wagered'), await coins('won')];
    const settlesBefore = [await settlements('tick'), await settlements('end')];
    const player = await fundedPlayer(t.api, db, 5000);
    const other = await fundedPlayer(t.api, db, 5000);
    const round = await openRound(db, 3.2);
    const two = (await post<{ betId: string }>('/bet/create/auto', { amount: 1000, rate: 2 }, player.token)).body.data!
      .betId;
    const three = (await post<{ betId: string }>('/bet/create/auto', { amount: 1000, rate: 3.19 }, player.token)).body
      .data!.betId;
    const tooHigh = (await post<{ betId: string }>('/bet/create/auto', { amount: 1000, rate: 3.2 }, other.token)).body
      .data!.betId;
    const live = await startRound(db, round);
    await t.server.services.settler.roundTick(live, 1.99);
    expect(events.filter((e) => e.eventType === 'BET_REFUNDED')).toHaveLength(0);
    await t.server.services.settler.roundTick(live, 2.07);
    expect(events.at(-1)).toMatchObject({ eventType: 'BET_REFUNDED', data: { betId: two, rate: 2, winAmount: 2000 } });
    await endRound(db, round);
    await t.server.services.settler.roundEnded(live);
    expect(events.at(-1)).toMatchObject({
      eventType: 'BET_REFUNDED',
      data: { betId: three, rate: 3.19, winAmount: 3190 },
    });
    const [lost] = await db
      .select()
      .from(bets)
      .where(eq(bets.id, Number(tooHigh)));
    expect(lost).toMatchObject({ status: 'CREATED', winAmount: null });
    expect(await balanceOf(db, player.id)).toBe(BigInt(3000 + 2000 + 3190));
    expect(await balanceOf(db, other.id)).toBe(4000n);
    expect([await coins('wagered'), await coins('won')]).toEqual([before[0]! + 3000, before[1]! + 2000 + 3190]);
    expect([await settlements('tick'), await settlements('end')]).toEqual([
      settlesBefore[0]! + 2,
      settlesBefore[1]! + 1,
    ]);
  });

  it('judges a cash-out by the growth curve of src/shared/growth.ts, on both sides of every boundary', async () => {
    const player = await fundedPlayer(t.api, db, 10_000_000);
    const account = { id: player.id, wallet: null, nickname: 'curve' };
    const { bus, metrics } = t.server.services;
    const betting = { db, bus, metrics, maxWin: 1_000_000_000, abandoned: { ids: () => [] } };
    const random = seededRandom(7);
    for (let i = 0; i < 40; i += 1) {
      // The instants around the one where the rate reaches n hundredths, and around the crash.
      const hundredths = 101 + Math.floor(random() * 2000);
      const fullRate = 1.01 + Math.floor(random() * 3000) / 100;
      const round = await openRound(db, fullRate);
      const ids = [];
      for (let b = 0; b < 2; b += 1) ids.push(Number((await placeBet(betting, account, 1000, null)).betId));
      const startedAt = 1_700_000_000_000 + Math.floor(random() * 1e9);
      await markStarted(db, round.id, startedAt);
      const reach = msToRate(hundredths / 100);
      const crash = crashInstant(startedAt, fullRate);
      const cases = [startedAt + Math.floor(reach), startedAt + Math.ceil(reach), Math.floor(crash), Math.ceil(crash)];
      // Two bets a round: one at a rate boundary (random side), one at a crash boundary (random side).
      for (const [index, at] of [cases[Math.floor(random() * 2)]!, cases[2 + Math.floor(random() * 2)]!].entries()) {
        const expected = at >= crash ? 'Too late: the rocket has flown away' : rateHundredths(rateAt(at - startedAt));
        const got = await cashOut(betting, account, ids[index]!, { at, leaderSilent: false }).then(
          (answer) => Math.round(answer.rate * 100),
          (error: Error) => error.message,
        );
        expect([hundredths, fullRate, at - startedAt, got]).toEqual([hundredths, fullRate, at - startedAt, expected]);
      }
      await endRound(db, round);
    }
    expect(await checkLedger(db)).toEqual([]);
  });

  it('forces a cash-out where the win reaches MAX_WIN, by tick or by hand', async () => {
    const player = await fundedPlayer(t.api, db, 100_000);
    const round = await openRound(db, 50);
    const byTick = (await post<{ betId: string }>('/bet/create', { amount: 1000 }, player.token)).body.data!.betId;
    const byHand = (await post<{ betId: string }>('/bet/create', { amount: 1500 }, player.token)).body.data!.betId;
    const live = await startRound(db, round, 30_000);
    const manual = await post<CashOutResponse>('/bet/refund', { betId: byHand }, player.token);
    expect(manual.body.data).toEqual({ betId: byHand, rate: 2.66, winAmount: 3990, receipt: expect.any(Object) });
    await t.server.services.settler.roundTick(live, 6.04);
    expect(events.at(-1)).toMatchObject({
      eventType: 'BET_REFUNDED',
      data: { betId: byTick, rate: 4, winAmount: 4000 },
    });
  });

  it('pays, before the next round, auto cash-outs an interrupted end left open, once; ledger:check reports them until then', async () => {
    const player = await fundedPlayer(t.api, db, 5000);
    const round = await openRound(db, 3);
    const due = (await post<{ betId: string }>('/bet/create/auto', { amount: 1000, rate: 1.5 }, player.token)).body
      .data!.betId;
    await post('/bet/create/auto', { amount: 1000, rate: 3 }, player.token);
    await startRound(db, round, 5000);
    await endRound(db, round);
    expect(await checkLedger(db)).toEqual([
      {
        accountId: player.id,
        problem: `bet ${due} reached its cash-out x1.50 in ended round ${round.id} but is unpaid`,
      },
    ]);
    await t.server.services.settler.settleInterrupted();
    await t.server.services.settler.settleInterrupted();
    expect(events.filter((e) => e.eventType === 'BET_REFUNDED').map((e) => e.data)).toEqual([
      expect.objectContaining({ betId: due, rate: 1.5, winAmount: 1500 }),
    ]);
    expect(await balanceOf(db, player.id)).toBe(BigInt(3000 + 1500));
    expect(await checkLedger(db)).toEqual([]);
  });

  /** What the engine's void transaction does for the ledger: refund every open bet of a VOID round, then announce. */
  const refundVoided = async () => (await db.transaction((tx) => t.server.services.settler.roundsVoided(tx)))();

  it('refunds the open bets of a voided round exactly once', async () => {
    const player = await fundedPlayer(t.api, db, 5000);
    const round = await openRound(db, 2);
    await post('/bet/create', { amount: 1000 }, player.token);
    await post('/bet/create', { amount: 2000 }, player.token);
    await startRound(db, round);
    await db.update(rounds).set({ state: 'VOID' }).where(eq(rounds.id, round.id));
    await refundVoided();
    await refundVoided();
    expect(await balanceOf(db, player.id)).toBe(5000n);
    const refunds = await db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, 'void_refund'));
    expect(refunds.filter((r) => r.accountId === player.id)).toHaveLength(2);
    expect(await checkLedger(db)).toEqual([]);
  });

  it('refunds bets a stop left open in an already voided round, and ledger:check reports them until then', async () => {
    const player = await fundedPlayer(t.api, db, 5000);
    const round = await openRound(db, 2);
    const betId = (await post<{ betId: string }>('/bet/create', { amount: 1000 }, player.token)).body.data!.betId;
    await db.update(rounds).set({ state: 'VOID' }).where(eq(rounds.id, round.id));
    expect(await checkLedger(db)).toEqual([
      { accountId: player.id, problem: `bet ${betId} is still open in voided round ${round.id}` },
    ]);
    const later = await openRound(db, 2);
    await db.update(rounds).set({ state: 'VOID' }).where(eq(rounds.id, later.id));
    await refundVoided();
    expect(await balanceOf(db, player.id)).toBe(5000n);
    expect(await checkLedger(db)).toEqual([]);
  });

  it('lists the history newest first with paging, and hides the salt until the round has ENDED', async () => {
    const player = await fundedPlayer(t.api, db, 10_000);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const round = await openRound(db, 2);
      ids.push((await post<{ betId: string }>('/bet/create', { amount: 1000 }, player.token)).body.data!.betId);
      if (i < 2) await endRound(db, await startRound(db, round, 20_000));
    }
    const page = await call<{ betHistory: BetWithRound[] }>(t.api, 'GET', '/bet/history', undefined, {
      token: player.token,
    });
    expect(page.body.data!.betHistory.map((b) => b.betId)).toEqual([...ids].reverse());
    const [open, ended] = page.body.data!.betHistory;
    expect(open).toMatchObject({ gameSalt: null, gameRate: null, status: 'CREATED', winAmount: null });
    expect(ended).toMatchObject({ gameRate: 2, status: 'CREATED', winAmount: null });
    expect(ended!.gameSalt).toMatch(/^salt-/);
    const next = await call<{ betHistory: Bet[] }>(t.api, 'GET', `/bet/history?before=${ids[1]}`, undefined, {
      token: player.token,
    });
    expect(next.body.data!.betHistory.map((b) => b.betId)).toEqual([ids[0]]);
  });

  it('ranks the biggest wins of the last 24 hours as leaders with their round data', async () => {
    const player = await fundedPlayer(t.api, db, 10_000);
    const round = await openRound(db, 9);
    const betId = (await post<{ betId: string }>('/bet/create', { amount: 1000 }, player.token)).body.data!.betId;
    const live = await startRound(db, round, 18_400);
    // About x3.01: the rate is the one the cash-out arrived at, a hundredth more on a slow machine.
    const cashedOut = await post<{ winAmount: number }>('/bet/refund', { betId }, player.token);
    expect(cashedOut.body.data!.winAmount).toBeGreaterThanOrEqual(3010);
    const running = (await leaders(db)).find((bet) => bet.betId === betId);
    expect(running).toMatchObject({
      winAmount: cashedOut.body.data!.winAmount,
      gameHash: round.hash,
      gameRate: null,
      gameSalt: null,
      gameFullRate: null,
    });
    await endRound(db, live);
    const top = await leaders(db);
    expect(top.find((bet) => bet.betId === betId)).toMatchObject({
      gameHash: round.hash,
      gameRate: 9,
      gameSalt: round.salt,
      gameFullRate: 9,
    });
    expect(top.every((bet, i) => i === 0 || bet.winAmount! <= top[i - 1]!.winAmount!)).toBe(true);
    expect(await leaders(db, Date.now() + 25 * 3600_000)).toEqual([]);
  });

  it('ranks the wins of the last week, month or all time when asked, the day by default', async () => {
    const player = await fundedPlayer(t.api, db, 10_000);
    const round = await openRound(db, 9);
    const betId = (await post<{ betId: string }>('/bet/create', { amount: 1000 }, player.token)).body.data!.betId;
    const live = await startRound(db, round, 18_400);
    await post('/bet/refund', { betId }, player.token);
    await endRound(db, live);
    const has = async (days: number, period?: 'day' | 'week' | 'month' | 'all') =>
      (await leaders(db, Date.now() + days * 24 * 3600_000, period)).some((bet) => bet.betId === betId);
    expect([await has(0), await has(2), await has(2, 'week'), await has(8, 'week')]).toEqual([
      true,
      false,
      true,
      false,
    ]);
    expect([await has(29, 'month'), await has(31, 'month')]).toEqual([true, false]);
    // All time: nothing ages out, and no win of a shorter period is missing from it.
    const wins = async (days: number, period: 'week' | 'all') =>
      (await leaders(db, Date.now() + days * 24 * 3600_000, period)).map((bet) => bet.winAmount);
    expect(await wins(3650, 'all')).toEqual(await wins(0, 'all'));
    expect((await wins(0, 'all'))[0]).toBeGreaterThanOrEqual((await wins(0, 'week'))[0]!);
    const top = async (query: string) => (await call<Bet[]>(t.api, 'GET', `/game/leaders${query}`)).body;
    expect((await top('?period=week')).data!.some((bet) => bet.betId === betId)).toBe(true);
    expect(await top('')).toEqual(await top('?period=day'));
    expect(await top('?period=year')).toEqual({
      success: false,
      errorMessage: 'period must be one of day, week, month, all',
    });
  });

  it('replays the first answer for a repeated Idempotency-Key and refuses it for another body', async () => {
    const player = await fundedPlayer(t.api, db, 5000);
    await openRound(db, 2);
    const headers = { 'idempotency-key': 'k-1' };
    const first = await post<{ betId: string }>('/bet/create', { amount: 1000 }, player.token, headers);
    const again = await post<{ betId: string }>('/bet/create', { amount: 1000 }, player.token, headers);
    expect(again.body).toEqual(first.body);
    expect(await balanceOf(db, player.id)).toBe(4000n);
    const other = await post('/bet/create', { amount: 2000 }, player.token, headers);
    expect([other.status, other.body.errorMessage]).toEqual([
      400,
      'This Idempotency-Key was already used for another request',
    ]);
    await closeAllRounds(db);
    // A retry that the round's state would now refuse still hears that its bet was placed.
    const late = await post<{ betId: string }>('/bet/create', { amount: 1000 }, player.token, headers);
    expect([late.status, late.body]).toEqual([200, first.body]);
    const refused = await post('/bet/create', { amount: 1000 }, player.token, { 'idempotency-key': 'k-2' });
    expect(refused.body.errorMessage).toBe('Betting is closed: wait for the next round');
    await openRound(db, 2);
    const replayed = await post('/bet/create', { amount: 1000 }, player.token, { 'idempotency-key': 'k-2' });
    expect([replayed.status, replayed.body]).toEqual([409, refused.body]);
    expect(await balanceOf(db, player.id)).toBe(4000n);
  });

  it('answers 401 without a token and refuses other players’ bets as unknown', async () => {
    expect((await call(t.api, 'POST', '/bet/create', { amount: 1000 })).status).toBe(401);
    expect((await call(t.api, 'GET', '/bet/history')).status).toBe(401);
    const owner = await fundedPlayer(t.api, db, 5000);
    const thief = await fundedPlayer(t.api, db, 0);
    await openRound(db, 2);
    const betId = (await post<{ betId: string }>('/bet/create', { amount: 1000 }, owner.token)).body.data!.betId;
    const answer = await post('/bet/cancel', { betId }, thief.token);
    expect([answer.status, answer.body.errorMessage]).toEqual([404, 'No such bet']);
  });
});
