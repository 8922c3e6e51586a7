import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Broadcaster, Outgoing } from '../../src/server/stomp/Broadcaster';
import { Stride } from '../../src/server/stomp/Stride';
import { DESTINATIONS, type GameEvent } from '../../src/shared/protocol';
import { startServer, type TestServer } from './harness';
import { fixedCrashPoints } from './crashPoints';
import { connectStomp, gameEvents, waitUntil, type StompTestClient } from './stompClient';

type Rate = Extract<GameEvent, { eventType: 'GAME_RATE' }>;
const TICK_MS = 50;

/** The events of the first round that each client saw begin after all had joined, once it has ended. */
async function wholeRound(clients: StompTestClient[]): Promise<GameEvent[][]> {
  const events = (client: StompTestClient) => gameEvents(client, DESTINATIONS.game);
  // A round created after the last client subscribed: every client was there for all of it.
  const skip = Math.max(...clients.map((client) => events(client).at(-1)?.data.gameId ?? '0').map(Number));
  const round = (client: StompTestClient) => {
    const from = events(client).findIndex((e) => e.eventType === 'GAME_CREATED' && Number(e.data.gameId) > skip);
    if (from < 0) return null;
    const own = events(client).slice(from);
    const end = own.findIndex((e) => e.eventType === 'GAME_ENDED');
    return end < 0 ? null : own.slice(0, end + 1);
  };
  await waitUntil(() => clients.every((client) => round(client) !== null), 60_000, 'a whole round');
  return clients.map((client) => round(client)!);
}

/** The flight's GAME_RATEs every client's stream holds together, in order, as "elapsedMs". */
const allRates = (rounds: GameEvent[][]) =>
  [...new Set(rounds.flatMap((round) => rates(round).map((rate) => rate.data.elapsedMs)))].sort((a, b) => a - b);
const rates = (round: GameEvent[]) => round.filter((e): e is Rate => e.eventType === 'GAME_RATE');
const types = (round: GameEvent[]) => round.map((e) => e.eventType).filter((type) => type !== 'GAME_RATE');

describe('GAME_RATE to a big crowd (stride)', () => {
  let t: TestServer;
  const clients: StompTestClient[] = [];
  beforeAll(async () => {
    // Six subscribers and two writes a tick: three groups, each subscriber every third GAME_RATE.
    t = await startServer(
      { TICK_MS: String(TICK_MS), STOMP_WRITES_PER_TICK: '2', BETTING_MS: '1000' },
      { roundSecrets: fixedCrashPoints([1.1]) },
    );
    for (let i = 0; i < 6; i++) clients.push(await connectStomp(t.ws, [DESTINATIONS.game, DESTINATIONS.bets]));
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await t.close();
  });

  it('gives every thinned subscriber every GAME_CREATED, GAME_STARTED and GAME_ENDED, and every third GAME_RATE, staggered', async () => {
    const rounds = await wholeRound(clients);
    for (const round of rounds) expect(types(round)).toEqual(['GAME_CREATED', 'GAME_STARTED', 'GAME_ENDED']);
    expect(new Set(rounds.map((round) => round.at(-1)!.data.gameId)).size).toBe(1);
    const started = rounds[0]!.find((e) => e.eventType === 'GAME_STARTED')!;
    expect(started.data).toMatchObject({ everyMs: 3 * TICK_MS });
    const all = allRates(rounds);
    // A 1.1 flight is some 1.6 s: about 31 ticks.
    expect(all.length).toBeGreaterThan(20);
    for (const round of rounds) {
      const own = rates(round);
      for (const rate of own) expect(rate.data.everyMs).toBe(3 * TICK_MS);
      // Its GAME_RATEs are every third of the flight's, the first among the first three, the last among the last three.
      const places = own.map((rate) => all.indexOf(rate.data.elapsedMs));
      expect(places[0]).toBeLessThan(3);
      expect(places.at(-1)).toBeGreaterThanOrEqual(all.length - 3);
      for (let i = 1; i < places.length; i++) expect(places[i]! - places[i - 1]!).toBe(3);
    }
    // Each tick was written to two subscribers, a third of them.
    for (const elapsedMs of all)
      expect(rounds.filter((round) => rates(round).some((rate) => rate.data.elapsedMs === elapsedMs))).toHaveLength(2);
  });

  it('gives every thinned subscriber a bet event published in flight, once', async () => {
    const bet = { betId: '9', status: 'WIN', time: 0, nickname: 'ann', amount: 100, rate: 1.05, winAmount: 105 };
    const flying = () => gameEvents(clients[0]!, DESTINATIONS.game).at(-1)?.eventType === 'GAME_RATE';
    await waitUntil(flying, 10_000, 'a flight');
    t.server.services.bus.publish(DESTINATIONS.bets, JSON.stringify({ eventType: 'BET_REFUNDED', data: bet }));
    const bets = (client: StompTestClient) => client.received.get(DESTINATIONS.bets) ?? [];
    await waitUntil(() => clients.every((client) => bets(client).length > 0), 5000, 'the bet event everywhere');
    // Past the round's end, so whatever waited for a group's turn has gone out.
    const round = gameEvents(clients[0]!, DESTINATIONS.game).at(-1)!.data.gameId;
    await waitUntil(
      () => gameEvents(clients[0]!, DESTINATIONS.game).some((e) => e.eventType === 'GAME_CREATED' && e.data.gameId !== round),
      10_000,
      'the next round',
    );
    for (const client of clients) expect(bets(client)).toEqual([{ eventType: 'BET_REFUNDED', data: bet }]);
  });
});

describe('GAME_RATE to a small crowd', () => {
  let t: TestServer;
  const clients: StompTestClient[] = [];
  beforeAll(async () => {
    t = await startServer({ TICK_MS: String(TICK_MS) }, { roundSecrets: fixedCrashPoints([1.1]) });
    for (let i = 0; i < 3; i++) clients.push(await connectStomp(t.ws, [DESTINATIONS.game]));
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await t.close();
  });

  it('gives every subscriber every GAME_RATE, a tick apart, with no interval in the events', async () => {
    const rounds = await wholeRound(clients);
    const all = allRates(rounds);
    expect(all.length).toBeGreaterThan(20);
    for (const round of rounds) {
      expect(types(round)).toEqual(['GAME_CREATED', 'GAME_STARTED', 'GAME_ENDED']);
      expect(rates(round).map((rate) => rate.data.elapsedMs)).toEqual(all);
      for (const event of round) expect(event.data).not.toHaveProperty('everyMs');
    }
  });
});

describe('GAME_STARTED to a big crowd', () => {
  const event = (eventType: string, data: object) => ({
    destination: DESTINATIONS.game,
    jsons: [JSON.stringify({ eventType, data })],
  });
  const nextTask = () => new Promise((resolve) => setImmediate(resolve));

  it('goes to one group per task, and a group whose turn comes first gets it before its first GAME_RATE', async () => {
    const writes: { group: number; types: string[] }[] = [];
    const broadcaster = {
      subscribers: () => 3000,
      retain: () => {},
      publishTogether: () => expect.unreachable('a stride sends by group'),
      send: (outgoing: Outgoing[], share: { group: number }) =>
        writes.push({
          group: share.group,
          types: outgoing.flatMap(({ jsons }) => jsons.map((json) => (JSON.parse(json) as GameEvent).eventType)),
        }),
    } as unknown as Broadcaster;
    const stride = new Stride(broadcaster, 100, 1000);
    stride.publish([], event('GAME_STARTED', { gameId: '1' }));
    // Nothing is written in the task that published it.
    expect(writes).toEqual([]);
    await nextTask();
    expect(writes).toEqual([{ group: 0, types: ['GAME_STARTED'] }]);
    // Group 0's turn comes before the spread reaches group 1: group 1 then gets both in one write.
    stride.publish([], event('GAME_RATE', { elapsedMs: 100 }));
    stride.publish([], event('GAME_RATE', { elapsedMs: 200 }));
    for (let i = 0; i < 4; i++) await nextTask();
    expect(writes).toEqual([
      { group: 0, types: ['GAME_STARTED'] },
      { group: 0, types: ['GAME_RATE'] },
      { group: 1, types: ['GAME_STARTED', 'GAME_RATE'] },
      { group: 2, types: ['GAME_STARTED'] },
    ]);
  });
});
