/**
 * The load side's count of game events lost (`npm run bench:fanout`): over the rounds created and
 * ended while it measured, every socket must have every GAME_CREATED, GAME_STARTED and GAME_ENDED
 * (and any other round event someone got), and every GAME_RATE it was promised: every tick's, or,
 * when the events say `everyMs` (k ticks), every k-th of the round's ticks (all sockets' GAME_RATEs
 * together are the round's ticks). A socket's gap of more than k places is a GAME_RATE lost.
 */

import { DEFAULT_TICK_MS } from '../../src/shared/constants';

interface Round {
  /** Its GAME_ENDED (or GAME_VOIDED) reached some socket before the measuring ended. */
  endedInTime: boolean;
  /** The round's event types other than GAME_RATE that any socket got. */
  types: Set<string>;
  /** Per socket, how many of those it got. */
  states: Uint16Array;
  /** Per socket, the elapsedMs of its GAME_RATEs. */
  rates: number[][];
  /** The round's ticks between two GAME_RATEs of one socket (1 when the stream is not thinned). */
  stride: number;
}

const EVENT =
  /"eventType":"(GAME_[A-Z]+)","data":\{"gameId":"(\d+)"(?:,"rate":[\d.]+,"elapsedMs":(\d+))?(?:[^}]*?"everyMs":(\d+))?/g;

export class Losses {
  private measuring = false;
  private sockets = 0;
  private readonly rounds = new Map<string, Round>();
  /**
   * Rounds whose GAME_CREATED some socket got before the measuring began: not counted. Its fan-out
   * can straddle begin() (which runs between two sockets' messages), and counting it from the
   * sockets after would take the others' GAME_CREATED for lost.
   */
  private readonly createdBefore = new Set<string>();

  /** From now on, rounds that are created are counted (`sockets` are open). */
  begin(sockets: number): void {
    this.sockets = sockets;
    this.measuring = true;
  }

  /** Rounds that end after now are not counted. */
  end(): void {
    this.measuring = false;
  }

  /** Notes the game events in one WebSocket message a socket received. */
  see(socket: number, text: string): void {
    for (const [, type, gameId, elapsedMs, everyMs] of text.matchAll(EVENT)) {
      if (type === 'GAME_CREATED' && !this.rounds.has(gameId!) && !this.createdBefore.has(gameId!)) {
        if (!this.measuring) this.createdBefore.add(gameId!);
        else
          this.rounds.set(gameId!, {
            endedInTime: false,
            types: new Set(),
            states: new Uint16Array(this.sockets),
            rates: Array.from({ length: this.sockets }, () => []),
            stride: 1,
          });
      }
      const round = this.rounds.get(gameId!);
      if (!round || socket >= this.sockets) continue;
      if (everyMs !== undefined) round.stride = Math.round(Number(everyMs) / DEFAULT_TICK_MS);
      if (type === 'GAME_RATE') {
        round.rates[socket]!.push(Number(elapsedMs));
        continue;
      }
      round.types.add(type!);
      round.states[socket]!++;
      if ((type === 'GAME_ENDED' || type === 'GAME_VOIDED') && this.measuring) round.endedInTime = true;
    }
  }

  /** Events lost over the rounds counted (round events, GAME_RATEs, sockets that lost any), and how many rounds those were. */
  count(): { events: number; rates: number; sockets: number; rounds: number } {
    let events = 0;
    let rates = 0;
    let rounds = 0;
    const losers = new Set<number>();
    for (const round of this.rounds.values()) {
      if (!round.endedInTime) continue;
      rounds++;
      const ticks = [...new Set(round.rates.flat())].sort((a, b) => a - b);
      const place = new Map(ticks.map((elapsedMs, i) => [elapsedMs, i]));
      const k = round.stride;
      for (let socket = 0; socket < this.sockets; socket++) {
        const before = events + rates;
        events += round.types.size - round.states[socket]!;
        const places = round.rates[socket]!.map((elapsedMs) => place.get(elapsedMs)!);
        // Gaps of more than k places, at the start, between two and at the end: k ticks a GAME_RATE.
        const edges = [-1, ...places, ticks.length];
        for (let i = 1; i < edges.length; i++) rates += Math.floor((edges[i]! - edges[i - 1]! - 1) / k);
        if (events + rates > before) losers.add(socket);
      }
    }
    return { events, rates, sockets: losers.size, rounds };
  }
}
