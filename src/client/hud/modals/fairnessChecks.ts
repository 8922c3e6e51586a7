/**
 * The checks the Provably Fair dialog runs in the browser. Each takes the round's published data and
 * says whether it holds; more checks (crash point, seed chain) join this list.
 */

import { roundHash } from '../../../shared/fairness';
import type { FairnessRound } from '../../state/modalAtom';

export interface CheckResult {
  ok: boolean;
  /** What was compared, for the player. */
  detail: string;
}

export interface FairnessCheck {
  id: string;
  /** Shown before the result. */
  label: string;
  /** null when the round's data is not public yet. */
  run(round: FairnessRound): Promise<CheckResult | null>;
}

/** sha256(String(rate) + salt) equals the hash published before the round. */
export const hashCheck: FairnessCheck = {
  id: 'hash',
  label: 'Hash of rate + salt',
  async run({ rate, salt, hash }) {
    if (rate === null || salt === null || !hash) return null;
    const computed = await roundHash(rate, salt);
    return computed === hash.toLowerCase()
      ? { ok: true, detail: 'Matches the published hash' }
      : { ok: false, detail: `Does not match: sha256 gives ${computed}` };
  },
};

export const FAIRNESS_CHECKS: FairnessCheck[] = [hashCheck];
