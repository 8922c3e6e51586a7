/**
 * Every round a lab run used (up to 10,000), each a button that opens its Provably Fair data
 * (docs/hud.md "Player tools"). Only the rows in view are in the DOM (VirtualRows, the bets list's own).
 */

import { useSetAtom } from 'jotai';
import type { VerifiedRounds } from '../../lab/labRounds';
import type { Outcome } from '../../lab/replay';
import { openFairnessAtom } from '../../state/modalAtom';
import { VirtualRows } from '../bets/VirtualRows';
import { formatCoins, formatRate } from '../../i18n/format';
import { useT } from '../../i18n/i18n';

/** A run's outcome with its place in the run (1 = the oldest round). */
interface Played {
  n: number;
  outcome: Outcome;
}

/** Opens the fairness data of the run's `index`-th round (0 = the oldest); shared with the chart's click. */
export function useOpenRound(verified: VerifiedRounds, outcomes: readonly Outcome[]) {
  const openFairness = useSetAtom(openFairnessAtom);
  return (index: number) => {
    const gameId = outcomes[index]?.gameId;
    // Outcomes follow the verified rounds one for one, from the oldest.
    const round = verified.rounds[index];
    if (!round || round.gameId !== gameId) return;
    openFairness({ gameId: round.gameId, hash: round.hash, rate: round.fullRate, salt: round.salt! });
  };
}

export function RunRounds({ outcomes, onOpen }: { outcomes: readonly Outcome[]; onOpen(index: number): void }) {
  const t = useT();
  const played: Played[] = outcomes.map((outcome, i) => ({ n: i + 1, outcome }));
  return (
    <div className="lab-rounds" data-testid="lab-rounds">
      <div className="bets-row bets-heads" aria-hidden="true">
        <span>#</span>
        <span>{t('lab.round')}</span>
        <span>{t('lab.crash')}</span>
        <span>{t('lab.stake')}</span>
        <span>{t('lab.profit')}</span>
        <span>{t('lab.balance')}</span>
      </div>
      <VirtualRows
        items={played}
        keyOf={({ outcome }) => outcome.gameId}
        onPick={({ n }) => onOpen(n - 1)}
        row={({ n, outcome }) => (
          <>
            <span>{n}</span>
            <span className="lab-link">{outcome.gameId}</span>
            <span>{formatRate(outcome.crash)}</span>
            <span>{formatCoins(outcome.stake)}</span>
            <span>{formatCoins(outcome.profit)}</span>
            <span>{formatCoins(outcome.balance)}</span>
          </>
        )}
        empty=""
        label={t('lab.roundOfRun')}
      />
    </div>
  );
}
