/** The top filter: the biggest wins of the last day; a click opens that round's fairness data (docs/spec.md §2). */

import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { loadLeaders } from '../../net/leaders';
import { leadersAtom } from '../../state/leadersAtom';
import { openFairnessAtom } from '../../state/modalAtom';
import { roundAtom } from '../../state/roundAtom';
import { fairnessOfBet } from '../modals/fairnessOfBet';
import { BetRow } from './BetRow';
import { BetHeads } from './RoundBetList';
import { VirtualRows } from './VirtualRows';

export function LeadersList() {
  const leaders = useAtomValue(leadersAtom);
  const openFairness = useSetAtom(openFairnessAtom);
  const roundEnded = useAtomValue(roundAtom).state === 'ENDED';
  useEffect(() => {
    if (roundEnded || leaders === null) void loadLeaders();
    // Loaded when shown and again after each round.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [roundEnded]);
  if (leaders === null) return <p className="bets-empty">Loading...</p>;
  return (
    <>
      <BetHeads />
      <VirtualRows
        items={leaders}
        keyOf={(bet) => bet.betId}
        row={(bet) => <BetRow bet={bet} ended own={false} />}
        onPick={(bet) => openFairness(fairnessOfBet(bet))}
        empty="No wins in the last 24 hours"
        label="Top wins"
      />
    </>
  );
}
