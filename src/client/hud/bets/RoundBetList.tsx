/** The current round's bets (all), or only the player's own (my). */

import { useAtomValue } from 'jotai';
import { betsAtom } from '../../state/betsAtom';
import { ownBetIdsAtom } from '../../state/ownBetIdsAtom';
import { roundAtom } from '../../state/roundAtom';
import { BetRow } from './BetRow';
import { VirtualRows } from './VirtualRows';
import { useT } from '../../i18n/i18n';

export function RoundBetList({ mine }: { mine: boolean }) {
  const t = useT();
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
        empty={mine ? t('bets.noneMine') : t('bets.noneYet')}
        label={t('bets.roundList')}
      />
    </>
  );
}

export function BetHeads() {
  const t = useT();
  return (
    <div className="bets-row bets-heads" aria-hidden="true">
      <span>{t('bets.headPlayer')}</span>
      <span>{t('bets.headBet')}</span>
      <span>x</span>
      <span>{t('bets.headWin')}</span>
    </div>
  );
}
