/**
 * The game's clock: epoch milliseconds that only move forward. Rounds start and end by it and
 * cash-outs are judged by it, so stepping the wall clock back cannot reopen an ended round.
 */
export function gameNow(): number {
  return Math.floor(performance.timeOrigin + performance.now());
}
