/**
 * The top filter: the biggest wins of the last day (docs/spec.md §2), or of the week, month or all
 * time (docs/hud.md, "Player tools"); a click opens that round's fairness data.
 */

import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { loadLeaders } from '../../game/leaders';
import { LEADER_PERIODS, type LeaderPeriod } from '../../../shared/constants';
import { leadersAtom, leadersPeriodAtom } from '../../state/leadersAtom';
import { openFairnessAtom } from '../../state/modalAtom';
import { roundAtom } from '../../state/roundAtom';
import { fairnessOfBet } from '../modals/fairnessOfBet';
import { BetRow } from './BetRow';
import { BetHeads } from './RoundBetList';
import { VirtualRows } from './VirtualRows';
import { useT } from '../../i18n/i18n';

const PERIODS = {
  day: { label: 'bets.periodDay', empty: 'bets.emptyDay' },
  week: { label: 'bets.periodWeek', empty: 'bets.emptyWeek' },
  month: { label: 'bets.periodMonth', empty: 'bets.emptyMonth' },
  all: { label: 'bets.periodAll', empty: 'bets.emptyAll' },
} as const satisfies Record<LeaderPeriod, unknown>;

export function LeadersList() {
  const t = useT();
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
    <div className="bets-filters bets-periods" role="tablist" aria-label={t('bets.topOf')}>
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
          {t(PERIODS[name].label)}
        </button>
      ))}
    </div>
  );
  if (leaders === null)
    return (
      <>
        {periods}
        <p className="bets-empty">{t('common.loading')}</p>
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
        empty={t(PERIODS[period].empty)}
        label={t('bets.topList')}
      />
    </>
  );
}
