/**
 * The open-loop load of `bench:betting`: follows the rounds over STOMP and, at a fixed offered
 * rate, places, auto-places and cancels bets while a round takes bets and cashes bets out while it
 * flies, over keep-alive HTTP connections. Latency counts from the instant an operation was due,
 * so a slow server cannot hide behind a load that waits for it.
 */

import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { Client } from '@stomp/stompjs';
import { WebSocket } from 'ws';
import { DESTINATIONS, type GameEvent } from '../../src/shared/protocol';
import { MAX_ACTIVE_BETS_PER_ROUND } from '../../src/shared/constants';

export interface Player {
  id: number;
  token: string;
}

type Kind = 'create' | 'auto' | 'cancel' | 'cashout';

/**
 * What the load does. 'game': while a round takes bets 40 % hand bets, 40 % auto bets, 20 % cancels, and
 * cash-outs of hand bets while it flies. 'pairs': each player in turn alternates a hand bet and its
 * cancel, at most two bets of one player in flight, only while a round takes bets (the shape of an
 * outside load test: the most balance moves a player can make, nothing paid out).
 */
export type Mix = 'game' | 'pairs';

interface OpenBet {
  id: string;
  player: Player;
  /** Placed without a target: only these are cashed out by hand (a tick may pay an auto bet first). */
  hand: boolean;
}

interface Round {
  id: string;
  startsAt: number;
  startedAt: number | null;
  open: OpenBet[];
  /** Active or in-flight bets per player in this round. */
  slots: Map<number, number>;
}

/** What one offered rate gave. */
export interface RateResult {
  offered: number;
  /** Seconds during which the rounds allowed operations (the load offers until `seconds` of them passed). */
  activeSeconds: number;
  /** From the first send to the last answer. */
  wallSeconds: number;
  done: Record<Kind, number>;
  /** Answers by HTTP status ('network' for a failed connection). */
  statuses: Record<string, number>;
  /** Ms from due to answered, sorted. */
  latencies: number[];
  /** Due operations that found nothing to do (no open bet to cash out or cancel, every player at the bet limit). */
  skipped: number;
}

/** Stop placing and canceling this long before the start, cashing out this long before the crash. */
const START_GUARD_MS = 200;
const CRASH_GUARD_MS = 300;

export class BettingLoad {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 256 });
  private readonly stomp: Client;
  private betting: Round | null = null;
  private flying: Round | null = null;
  private cursor = 0;

  constructor(
    private readonly base: string,
    private readonly players: Player[],
    /** How long each round flies (its fixed crash point's instant). */
    private readonly flightMs: number,
    private readonly mix: Mix = 'game',
  ) {
    this.stomp = new Client({
      webSocketFactory: () => new WebSocket(`${base.replace('http', 'ws')}/ws/init`, ['v12.stomp']),
      reconnectDelay: 0,
      heartbeatIncoming: 0,
      heartbeatOutgoing: 0,
    });
  }

  /** Connects and follows the game destination. */
  async connect(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.stomp.onConnect = () => {
        this.stomp.subscribe(DESTINATIONS.game, (message) => this.follow(JSON.parse(message.body) as GameEvent));
        resolve();
      };
      this.stomp.onWebSocketError = () => reject(new Error('STOMP connection failed'));
      this.stomp.activate();
    });
  }

  async close(): Promise<void> {
    await this.stomp.deactivate();
    this.agent.destroy();
  }

  private follow(event: GameEvent): void {
    if (event.eventType === 'GAME_CREATED') {
      const { gameId, startsAt } = event.data;
      this.betting = { id: gameId, startsAt, startedAt: null, open: [], slots: new Map() };
    } else if (event.eventType === 'GAME_STARTED') {
      const round = this.betting?.id === event.data.gameId ? this.betting : null;
      this.flying = round && { ...round, startedAt: event.data.startedAt };
      this.betting = null;
    } else if (event.eventType === 'GAME_ENDED') {
      this.flying = null;
    }
  }

  /** Which operations the rounds allow now. */
  private phase(now: number): 'bet' | 'cashout' | null {
    if (this.betting && now < this.betting.startsAt - START_GUARD_MS) return 'bet';
    if (this.mix === 'game' && this.flying && now < this.flying.startedAt! + this.flightMs - CRASH_GUARD_MS)
      return 'cashout';
    return null;
  }

  /** Offers `rate` operations a second for `seconds` seconds of open phases. */
  async run(rate: number, seconds: number): Promise<RateResult> {
    const result: RateResult = {
      offered: rate,
      activeSeconds: seconds,
      wallSeconds: 0,
      done: { create: 0, auto: 0, cancel: 0, cashout: 0 },
      statuses: {},
      latencies: [],
      skipped: 0,
    };
    const pending = new Set<Promise<void>>();
    const started = performance.now();
    let last = started;
    let activeMs = 0;
    let sent = 0;
    const total = rate * seconds;
    while (sent < total) {
      await new Promise((resolve) => setTimeout(resolve, 1));
      const now = performance.now();
      const phase = this.phase(Date.now());
      if (phase !== null) activeMs += now - last;
      last = now;
      const due = Math.min(total, Math.floor((activeMs * rate) / 1000));
      for (; sent < due; sent++) {
        // When this operation was due on the open-loop schedule (between the last iteration and now).
        const dueAt = now - (activeMs - (sent * 1000) / rate);
        const op = phase === null ? null : this.operation(phase);
        if (op === null) {
          result.skipped++;
          continue;
        }
        const done = op.then(({ kind, status }) => {
          result.latencies.push(performance.now() - dueAt);
          result.statuses[status] = (result.statuses[status] ?? 0) + 1;
          if (status === '200') result.done[kind]++;
        });
        pending.add(done);
        void done.finally(() => pending.delete(done));
      }
    }
    await Promise.all(pending);
    result.wallSeconds = (performance.now() - started) / 1000;
    result.latencies.sort((a, b) => a - b);
    return result;
  }

  /** Starts one operation the phase allows, or returns null when there is nothing to do. */
  private operation(phase: 'bet' | 'cashout'): Promise<{ kind: Kind; status: string }> | null {
    if (phase === 'cashout') {
      const round = this.flying!;
      const bet = takeRandom(round.open, (b) => b.hand);
      if (!bet) return null;
      return this.post('/bet/refund', bet.player, { betId: bet.id }).then(({ status }) => {
        if (status !== 200) round.open.push(bet);
        return { kind: 'cashout', status: String(status) };
      });
    }
    const round = this.betting!;
    if (this.mix === 'pairs') return this.pairStep(round);
    const pick = Math.random();
    if (pick < 0.2) {
      const bet = takeRandom(round.open, () => true);
      if (bet) return this.cancel(round, bet);
    }
    const player = this.freePlayer(round);
    if (!player) return null;
    return this.place(round, player, pick < 0.6);
  }

  /** The next player's next step: cancel its placed bet when it has one, else place one. */
  private pairStep(round: Round): Promise<{ kind: Kind; status: string }> | null {
    for (let tries = 0; tries < this.players.length; tries++) {
      const player = this.players[this.cursor++ % this.players.length]!;
      const placed = round.open.findIndex((bet) => bet.player === player);
      if (placed >= 0) return this.cancel(round, round.open.splice(placed, 1)[0]!);
      const used = round.slots.get(player.id) ?? 0;
      if (used < MAX_ACTIVE_BETS_PER_ROUND) {
        round.slots.set(player.id, used + 1);
        return this.place(round, player, true);
      }
    }
    return null;
  }

  private cancel(round: Round, bet: OpenBet): Promise<{ kind: Kind; status: string }> {
    return this.post('/bet/cancel', bet.player, { betId: bet.id }).then(({ status }) => {
      if (status === 200) round.slots.set(bet.player.id, round.slots.get(bet.player.id)! - 1);
      else round.open.push(bet);
      return { kind: 'cancel', status: String(status) };
    });
  }

  private place(round: Round, player: Player, hand: boolean): Promise<{ kind: Kind; status: string }> {
    const amount = 1000 + Math.floor(Math.random() * 40) * 100;
    const body = hand ? { amount } : { amount, rate: 1.01 + Math.floor(Math.random() * 20) / 100 };
    return this.post(hand ? '/bet/create' : '/bet/create/auto', player, body).then(({ status, data }) => {
      if (status === 200) round.open.push({ id: (data as { betId: string }).betId, player, hand });
      else round.slots.set(player.id, round.slots.get(player.id)! - 1);
      return { kind: hand ? 'create' : 'auto', status: String(status) };
    });
  }

  /** The next player (round robin) below the bet limit of the round, its slot taken. */
  private freePlayer(round: Round): Player | null {
    for (let tries = 0; tries < this.players.length; tries++) {
      const player = this.players[this.cursor++ % this.players.length]!;
      const used = round.slots.get(player.id) ?? 0;
      if (used < MAX_ACTIVE_BETS_PER_ROUND) {
        round.slots.set(player.id, used + 1);
        return player;
      }
    }
    return null;
  }

  private post(path: string, player: Player, body: unknown): Promise<{ status: number | 'network'; data: unknown }> {
    const payload = JSON.stringify(body);
    return new Promise((resolve) => {
      const req = request(
        `${this.base}${path}`,
        {
          method: 'POST',
          agent: this.agent,
          headers: {
            authorization: `Bearer ${player.token}`,
            'content-type': 'application/json',
            // As the page does on every BET press: a retry must never place a second bet.
            ...(path.startsWith('/bet/create') ? { 'idempotency-key': randomUUID() } : {}),
            'content-length': Buffer.byteLength(payload),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            let data: unknown = null;
            if (res.statusCode === 200) data = (JSON.parse(text) as { data: unknown }).data;
            resolve({ status: res.statusCode ?? 0, data });
          });
        },
      );
      req.on('error', () => resolve({ status: 'network', data: null }));
      req.end(payload);
    });
  }
}

/** Removes and returns a random element that passes `test` (looking at up to 16), or null. */
function takeRandom<T>(items: T[], test: (item: T) => boolean): T | null {
  for (let tries = 0; tries < 16 && items.length > 0; tries++) {
    const i = Math.floor(Math.random() * items.length);
    const item = items[i]!;
    if (!test(item)) continue;
    items[i] = items[items.length - 1]!;
    items.pop();
    return item;
  }
  return null;
}
