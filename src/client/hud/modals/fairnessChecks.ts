/**
 * The checks the Provably Fair dialog runs in the browser. Each takes the round's published data and
 * says whether it holds: the hash from rate and salt, then (through GET /game/round and
 * /game/fairness) the crash point from salt and client seed and the salt's link to the previous
 * round's on the seed chain (docs/provably-fair.md "The scheme").
 */

import { roundHash } from '../../../shared/fairness';
import type { RoundCheck } from '../../../shared/roundAudit';
import { api } from '../../net/api';
import { auditRound } from '../../net/fairness';
import type { FairnessRound } from '../../state/modalAtom';
import { t } from '../../i18n/i18n';

export interface CheckResult {
  /** null: it could not be checked (the text says why). */
  ok: boolean | null;
  /** What was compared, for the player. */
  detail: string;
}

interface FairnessCheck {
  id: string;
  /** Shown before the result: its key in the catalogue. */
  label: `fairness.${'checkHash' | 'checkCrash' | 'checkLink' | 'checkChains'}`;
  /** null when the round's data is not public yet. */
  run(round: FairnessRound): Promise<CheckResult | null>;
}

/** sha256(String(rate) + salt) equals the hash published before the round. */
const hashCheck: FairnessCheck = {
  id: 'hash',
  label: 'fairness.checkHash',
  async run({ rate, salt, hash }) {
    if (rate === null || salt === null || !hash) return null;
    const computed = await roundHash(rate, salt);
    return computed === hash.toLowerCase()
      ? { ok: true, detail: t('fairness.hashMatches') }
      : { ok: false, detail: t('fairness.hashDiffers', { hash: computed }) };
  },
};

/** One look-up of a round, its seed chain and the round before it, shared by the chain checks. */
const audits = new Map<string, Promise<RoundCheck[]>>();
const AUDITS_KEPT = 50;

function audited({ gameId, hash, rate, salt }: FairnessRound): Promise<RoundCheck[]> | null {
  if (!gameId || rate === null || salt === null) return null;
  const key = `${gameId}|${hash}`;
  let audit = audits.get(key);
  if (!audit) {
    audit = auditRound(gameId, hash || undefined);
    audit.catch(() => audits.delete(key));
    audits.set(key, audit);
    if (audits.size > AUDITS_KEPT) audits.delete(audits.keys().next().value!);
  }
  return audit;
}

/** A check read from the round's audit (src/shared/roundAudit.ts, the same as `npm run verify`). */
function chainCheck(id: RoundCheck['check'], label: FairnessCheck['label']): FairnessCheck {
  return {
    id,
    label,
    async run(round) {
      const audit = audited(round);
      if (!audit) return round.rate === null ? null : { ok: null, detail: t('fairness.openFromHistory') };
      const checks = await audit;
      const found = checks.find((check) => check.check === id) ?? checks[0]!;
      return { ok: found.result === 'unknown' ? null : found.result === 'pass', detail: found.text };
    },
  };
}

export const crashPointCheck = chainCheck('crashPoint', 'fairness.checkCrash');
export const linkCheck = chainCheck('link', 'fairness.checkLink');

/**
 * No seed chain was dropped before a round used it (docs/reliability.md): the house could otherwise
 * commit chains until one gave it crash points it liked, showing players only that one. Every
 * chain but the newest (the one rounds are drawn from now) must have had its first round.
 */
export const replacedChainCheck: FairnessCheck = {
  id: 'replaced',
  label: 'fairness.checkChains',
  async run() {
    const { chains } = await api.get('/game/fairness');
    const unplayed = chains.slice(1).filter((chain) => chain.firstRoundId === null);
    if (unplayed.length === 0) return { ok: true, detail: t('fairness.chainsPlayed') };
    const names = unplayed.map((chain) => chain.chainId).join(', ');
    return {
      ok: false,
      detail: t('fairness.chainReplaced', { chains: names }),
    };
  },
};

export const FAIRNESS_CHECKS: FairnessCheck[] = [hashCheck, crashPointCheck, linkCheck, replacedChainCheck];
