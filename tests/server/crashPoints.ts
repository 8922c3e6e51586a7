import { randomSeed, roundHash, type RoundSecret } from '../../src/shared/fairness';

/** A secret source that cycles through the given crash points with fresh salts, so rounds stay short. */
export function fixedCrashPoints(rates: number[]): () => Promise<RoundSecret> {
  let next = 0;
  return async () => {
    const fullRate = rates[next++ % rates.length]!;
    const salt = randomSeed();
    return { fullRate, salt, hash: await roundHash(fullRate, salt) };
  };
}
