/**
 * The flight at one instant, from the round and tick atoms and the clock: the one frame computation
 * the stage draws and the HUD's claim figure shows (docs/architecture.md "From the server to the pixels").
 */

import { DEFAULT_TICK_MS, MAX_EXTRAPOLATION_MS } from '../../shared/constants';
import { msToRate, rateAt, shownRate } from '../../shared/growth';
import type { RoundState } from '../state/roundAtom';
import type { TickState } from '../state/tickAtom';

export type Phase = 'loading' | 'waiting' | 'flying' | 'crashed';

/** Filled in place every frame so the hot loop allocates nothing. */
export interface FrameState {
  phase: Phase;
  gameId: string | null;
  /** Milliseconds since the start shown on the curve. */
  elapsedMs: number;
  /** The exact multiplier at elapsedMs (for the curve). */
  rate: number;
  /** The readout's multiplier: truncated to 2 decimals, the final rate once crashed. */
  shown: number;
  /**
   * True when the last confirmed tick is more than MAX_EXTRAPOLATION_MS old (more, by as much, when the
   * server promised GAME_RATEs further apart than a tick: `everyMs`): the numbers stop.
   */
  lag: boolean;
  /** Milliseconds until betting closes, while waiting. */
  countdownMs: number;
  /** Length of the betting window, for the loader's bar. */
  windowMs: number;
}

/** A blank frame state to fill. */
export function createFrameState(): FrameState {
  return { phase: 'loading', gameId: null, elapsedMs: 0, rate: 1, shown: 1, lag: false, countdownMs: 0, windowMs: 1 };
}

/**
 * Fills `out` for local time `now` (ms) and the server clock offset. Flying rounds are extrapolated
 * along the growth curve but never more than MAX_EXTRAPOLATION_MS past the last confirmed tick (plus
 * what a thinned stream's interval adds beyond a tick), and
 * never backwards within a round (`out` keeps the previous frame).
 */
export function computeFrame(
  out: FrameState,
  round: RoundState,
  tick: TickState,
  now: number,
  offset: number,
): FrameState {
  const serverNow = now + offset;
  const sameTick = tick.gameId === round.gameId;
  const confirmedMs = sameTick ? tick.confirmedMs : 0;
  const sameRound = out.gameId === round.gameId;
  const previousElapsed = sameRound ? out.elapsedMs : 0;
  out.gameId = round.gameId;
  out.lag = false;
  switch (round.state) {
    case null:
      out.phase = 'loading';
      out.elapsedMs = 0;
      out.rate = out.shown = 1;
      break;
    case 'CREATED':
      out.phase = 'waiting';
      out.elapsedMs = 0;
      out.rate = out.shown = 1;
      out.countdownMs = round.startsAt === null ? 0 : Math.max(0, round.startsAt - serverNow);
      if (!sameRound || out.countdownMs > out.windowMs) out.windowMs = Math.max(1, out.countdownMs);
      break;
    case 'STARTED': {
      const sinceStart = round.startedAt === null ? confirmedMs : serverNow - round.startedAt;
      const everyMs = sameTick ? tick.everyMs : DEFAULT_TICK_MS;
      const limit = confirmedMs + MAX_EXTRAPOLATION_MS + Math.max(0, everyMs - DEFAULT_TICK_MS);
      out.lag = sinceStart > limit;
      out.phase = 'flying';
      out.elapsedMs = Math.max(previousElapsed, Math.min(sinceStart, limit), 0);
      out.rate = rateAt(out.elapsedMs);
      out.shown = Math.max(sameTick ? tick.rate : 1, shownRate(out.rate));
      break;
    }
    case 'ENDED':
      out.phase = 'crashed';
      out.elapsedMs = round.fullRate === null ? confirmedMs : msToRate(round.fullRate);
      out.rate = round.fullRate ?? round.rate;
      out.shown = round.rate;
      break;
  }
  return out;
}
