/** The current round's bets (all), or only the player's own (my). */

import { useAtomValue } from 'jotai';
import { betsAtom } from '../../state/betsAtom';
import { ownBetIdsAtom } from '../../state/ownBetIdsAtom';
import { roundAtom } from '../../state/roundAtom';
import { BetRow } from './BetRow';
import { VirtualRows } from './VirtualRows';

export function RoundBetList({ mine }: { mine: boolean }) {
  const bets = useAtomValue(betsAtom);
  const own = useAtomValue(ownBetIdsAtom);
  const ended = useAtomValue(roundAtom).state === 'ENDED';
  const shown = mine ? bets.filter((bet) => own.has(bet.betId)) : bets;
  return (
    <>
      <BetHeads />
      <VirtualRows
        items={shown}
        keyOf={(bet) => bet.betId}
        row={(bet) => <BetRow bet={bet} ended={ended} own={own.has(bet.betId)} />}
        empty={mine ? 'You have no bets in this round' : 'No bets yet in this round'}
        label="Bets of this round"
      />
    </>
  );
}

export function BetHeads() {
  return (
    <div className="bets-row bets-heads" aria-hidden="true">
      <span>Player</span>
      <span>Bet</span>
      <span>x</span>
      <span>Win</span>
    </div>
  );
}
