import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crashInstant } from '../../src/shared/growth';
import { DESTINATIONS, type GameEvent } from '../../src/shared/protocol';
import { LocalBus } from '../../src/server/bus/LocalBus';
import { type Database } from '../../src/server/db/client';
import { memoryDatabase } from './databaseImage';
import { rounds } from '../../src/server/db/schema';
import { RoundEngine, type Timers } from '../../src/server/game/RoundEngine';
import type { RoundListener } from '../../src/server/game/RoundListener';
import { createMetrics } from '../../src/server/metrics';
import { fixedCrashPoints } from './crashPoints';
import { manualClock } from './manualClock';
import { waitUntil } from './stompClient';

const quiet = { info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger;

interface Published {
  event: GameEvent;
  at: number;
}

describe('RoundEngine', () => {
  let database: Database;
  beforeAll(async () => {
    database = await memoryDatabase();
  });
  afterAll(() => database.close());

  /** An engine on the wall clock, or on `clock` (manualClock) when given: each published event with the instant it came. */
  function engineWith(
    crashPoints: number[],
    tickMs: number,
    listeners: RoundListener[] = [],
    abandoned: number[] = [],
    clock: { now: () => number; timers?: Timers } = { now: Date.now },
  ) {
    const bus = new LocalBus();
    const published: Published[] = [];
    bus.subscribe(DESTINATIONS.game, (json) =>
      published.push({ event: JSON.parse(json) as GameEvent, at: clock.now() }),
    );
    const engine = new RoundEngine({
      ...{ db: database.db, bus, log: quiet, metrics: createMetrics(), bettingMs: 100, pauseMs: 50, tickMs, listeners },
      ...{ clock: { now: clock.now }, timers: clock.timers, abandoned: { ids: () => abandoned } },
      secrets: fixedCrashPoints(crashPoints),
    });
    const ended = () => published.filter((p) => p.event.eventType === 'GAME_ENDED');
    return { engine, published, ended };
  }

  /** Runs the manual clock's next step once the one before has published its event, `steps` times (each step publishes one). */
  async function step(clock: ReturnType<typeof manualClock>, published: Published[], steps = 1): Promise<void> {
    for (let i = 0; i < steps; i++) {
      const before = published.length;
      expect(clock.next()).toBe(true);
      await waitUntil(() => published.length > before, 10_000, 'the event of the step');
    }
  }

  const voidedIds = (published: Published[]) =>
    published.filter((p) => p.event.eventType === 'GAME_VOIDED').map((p) => p.event.data.gameId);

  const rowState = async (id: number) => (await database.db.select().from(rounds).where(eq(rounds.id, id)))[0]?.state;

  it('publishes GAME_ENDED at the crash instant itself, not at the next tick', async () => {
    const clock = manualClock(Date.now());
    const { engine, published, ended } = engineWith([1.05], 500, [], [], clock);
    await engine.start();
    // The start, the tick at 500 ms, and the next step due: the crash.
    await step(clock, published, 3);
    await engine.stop();
    expect(clock.pending()).toBe(0);
    const started = published.find((p) => p.event.eventType === 'GAME_STARTED')!.event as Extract<
      GameEvent,
      { eventType: 'GAME_STARTED' }
    >;
    const instant = crashInstant(started.data.startedAt, 1.05);
    const end = ended()[0]!;
    expect(end.event.data).toMatchObject({ rate: 1.05, fullRate: 1.05, time: Math.round(instant) });
    // Ticks fall at 500 and 1000 ms; the crash (813 ms) must not wait for the second one.
    expect(end.at).toBeCloseTo(instant, 6);
    const rates = published.filter((p) => p.event.eventType === 'GAME_RATE');
    expect(rates.map((p) => p.at)).toEqual([started.data.startedAt + 500]);
  });

  it('ends a x1.00 round right after its start without a tick', async () => {
    const { engine, published, ended } = engineWith([1], 50);
    await engine.start();
    await waitUntil(() => ended().length > 0, 10_000, 'the end');
    await engine.stop();
    expect(published.slice(0, 3).map((p) => p.event.eventType)).toEqual(['GAME_CREATED', 'GAME_STARTED', 'GAME_ENDED']);
    expect(ended()[0]!.event.data).toMatchObject({ rate: 1, fullRate: 1 });
  });

  it('settles through listeners before publishing: each tick with the rate it shows, the end after the row is ENDED', async () => {
    const calls: string[] = [];
    let published: Published[] = [];
    const listener: RoundListener = {
      async roundTick(round, rate) {
        calls.push(`tick ${Math.floor(rate * 100) / 100} ${await rowState(round.id)}`);
      },
      async roundEnded(round) {
        calls.push(`ended ${await rowState(round.id)} ${published.some((p) => p.event.eventType === 'GAME_ENDED')}`);
      },
    };
    const setup = engineWith([1.03], 50, [listener]);
    published = setup.published;
    await setup.engine.start();
    await waitUntil(() => setup.ended().length > 0, 10_000, 'the end');
    await setup.engine.stop();
    const shown = published
      .filter((p) => p.event.eventType === 'GAME_RATE')
      .map((p) => `tick ${(p.event.data as { rate: number }).rate} STARTED`);
    expect(calls.slice(0, -1)).toEqual(shown);
    expect(calls.at(-1)).toBe('ended ENDED false');
  });

  it('voids rounds a crashed process left unfinished, once, and tells the listeners', async () => {
    const now = Date.now();
    const left = await database.db
      .insert(rounds)
      .values([
        { state: 'CREATED', hash: 'h1', fullRate: 2, salt: 's1', createdAt: now, startsAt: now },
        { state: 'STARTED', hash: 'h2', fullRate: 3, salt: 's2', createdAt: now, startsAt: now, startedAt: now },
      ])
      .returning({ id: rounds.id });
    let refunds = 0;
    const listener: RoundListener = { roundsVoided: async () => () => void refunds++ };
    const first = engineWith([5], 50, [listener]);
    await first.engine.start();
    expect(voidedIds(first.published)).toEqual(left.map((r) => String(r.id)));
    expect(first.published.find((p) => p.event.eventType === 'GAME_VOIDED')?.event.data).toEqual({
      gameId: String(left[0]!.id),
      fullRate: 2,
      hash: 'h1',
      salt: 's1',
    });
    expect(refunds).toBe(1);
    expect(await rowState(left[0]!.id)).toBe('VOID');
    expect(await rowState(left[1]!.id)).toBe('VOID');
    await first.engine.stop();
    const second = engineWith([5], 50, [listener]);
    await second.engine.start();
    await second.engine.stop();
    expect(voidedIds(second.published).filter((id) => left.some((r) => String(r.id) === id))).toEqual([]);
  });

  it('ends a round left flying past its crash instant as its leader would have, and voids one before its crash or abandoned', async () => {
    const now = Date.now();
    const long = now - 20_000;
    const left = await database.db
      .insert(rounds)
      .values([
        { state: 'STARTED', hash: 'h3', fullRate: 2, salt: 's3', createdAt: long, startsAt: long, startedAt: long },
        { state: 'STARTED', hash: 'h4', fullRate: 2, salt: 's4', createdAt: long, startsAt: long, startedAt: long },
        { state: 'STARTED', hash: 'h5', fullRate: 3, salt: 's5', createdAt: now, startsAt: now, startedAt: now },
      ])
      .returning({ id: rounds.id });
    const [overdue, abandoned, flying] = left.map((r) => r.id) as [number, number, number];
    const settled: number[] = [];
    const listener: RoundListener = { roundEnded: async (round) => void settled.push(round.id) };
    const { engine, published, ended } = engineWith([5], 50, [listener], [abandoned]);
    await engine.start();
    await engine.stop();
    expect(ended().map((p) => p.event.data)).toEqual([
      {
        gameId: String(overdue),
        rate: 2,
        fullRate: 2,
        hash: 'h3',
        salt: 's3',
        time: Math.round(crashInstant(long, 2)),
      },
    ]);
    expect(settled).toEqual([overdue]);
    expect(voidedIds(published).slice(0, 2)).toEqual([String(abandoned), String(flying)]);
    expect([await rowState(overdue), await rowState(abandoned), await rowState(flying)]).toEqual([
      'ENDED',
      'VOID',
      'VOID',
    ]);
  });

  it('publishes the crash even when settling the end fails, and has the listeners finish it before the next round', async () => {
    const calls: string[] = [];
    const listener: RoundListener = {
      roundEnded: async () => {
        calls.push('ended');
        if (calls.filter((c) => c === 'ended').length === 1) throw new Error('the database blinked');
      },
      settleInterrupted: async () => void calls.push('interrupted'),
    };
    const { engine, published, ended } = engineWith([1.01, 1.01], 50, [listener]);
    await engine.start();
    await waitUntil(() => ended().length === 2, 10_000, 'two rounds');
    await engine.stop();
    expect(calls.slice(0, 4)).toEqual(['interrupted', 'ended', 'interrupted', 'ended']);
    const created = published.filter((p) => p.event.eventType === 'GAME_CREATED').map((p) => p.event.data.gameId);
    expect(ended().map((p) => p.event.data.gameId)).toEqual(created.slice(0, 2));
  });

  it('voids the round in progress on stop and publishes nothing after', async () => {
    const clock = manualClock(Date.now());
    const { engine, published } = engineWith([50], 50, [], [], clock);
    await engine.start();
    await step(clock, published, 2); // the start and a tick
    expect(published.at(-1)!.event.eventType).toBe('GAME_RATE');
    await engine.stop();
    const id = Number(published[0]!.event.data.gameId);
    expect(voidedIds(published)).toEqual([String(id)]);
    expect(await rowState(id)).toBe('VOID');
    // No step is left to run: neither the next tick nor the crash.
    expect(clock.next()).toBe(false);
  });
});
