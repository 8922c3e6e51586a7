/**
 * Decides when a transaction is provably dead: its blockhash expired and the chain has not seen
 * it, on `checks` answers at least `spanMs` apart. One lagging RPC answer (a node behind, a load
 * balancer switching nodes) must never release a withdrawal hold or fail a deposit whose
 * transaction can still land. Kept in memory: a restart only starts the count again.
 */
export class DeathWatch {
  private readonly sightings = new Map<string, { first: number; count: number }>();

  constructor(
    private readonly checks = 3,
    private readonly spanMs = 30_000,
  ) {}

  /** Records one "expired and not found" answer for `signature`; true once enough of them agree. */
  seenDead(signature: string, now = Date.now()): boolean {
    const seen = this.sightings.get(signature) ?? { first: now, count: 0 };
    seen.count += 1;
    this.sightings.set(signature, seen);
    if (seen.count < this.checks || now - seen.first < this.spanMs) return false;
    this.sightings.delete(signature);
    return true;
  }

  /** The chain answered something else (seen, or not expired): the count starts again. */
  forget(signature: string): void {
    this.sightings.delete(signature);
  }
}
