/**
 * The top filter: the biggest wins of the last day (docs/spec.md §2), or of the week, month or all
 * time (docs/hud.md, "Player tools"); a click opens that round's fairness data.
 */

import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { loadLeaders } from '../../net/leaders';
import { LEADER_PERIODS, type LeaderPeriod } from '../../../shared/constants';
import { leadersAtom, leadersPeriodAtom } from '../../state/leadersAtom';
import { openFairnessAtom } from '../../state/modalAtom';
import { roundAtom } from '../../state/roundAtom';
import { fairnessOfBet } from '../modals/fairnessOfBet';
import { BetRow } from './BetRow';
import { BetHeads } from './RoundBetList';
import { VirtualRows } from './VirtualRows';

const PERIODS: Record<LeaderPeriod, { label: string; empty: string }> = {
  day: { label: 'Day', empty: 'No wins in the last 24 hours' },
  week: { label: 'Week', empty: 'No wins in the last 7 days' },
  month: { label: 'Month', empty: 'No wins in the last 30 days' },
  all: { label: 'All time', empty: 'No wins yet' },
};

export function LeadersList() {
  const leaders = useAtomValue(leadersAtom);
  const [period, setPeriod] = useAtom(leadersPeriodAtom);
  const setLeaders = useSetAtom(leadersAtom);
  const openFairness = useSetAtom(openFairnessAtom);
  const roundEnded = useAtomValue(roundAtom).state === 'ENDED';
  useEffect(() => {
    if (roundEnded || leaders === null) void loadLeaders();
    // Loaded when shown and again after each round.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [roundEnded, period]);
  const periods = (
    <div className="bets-filters bets-periods" role="tablist" aria-label="Top wins of">
      {(Object.keys(LEADER_PERIODS) as LeaderPeriod[]).map((name) => (
        <button
          key={name}
          type="button"
          role="tab"
          aria-selected={period === name}
          className={`bets-filter ${period === name ? 'bets-filter-active' : ''}`}
          onClick={() => {
            setLeaders(null);
            setPeriod(name);
          }}
        >
          {PERIODS[name].label}
        </button>
      ))}
    </div>
  );
  if (leaders === null)
    return (
      <>
        {periods}
        <p className="bets-empty">Loading...</p>
      </>
    );
  return (
    <>
      {periods}
      <BetHeads />
      <VirtualRows
        items={leaders}
        keyOf={(bet) => bet.betId}
        row={(bet) => <BetRow bet={bet} ended own={false} />}
        onPick={(bet) => openFairness(fairnessOfBet(bet))}
        empty={PERIODS[period].empty}
        label="Top wins"
      />
    </>
  );
}
