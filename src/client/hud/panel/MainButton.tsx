/** The panel's main button: BET, CANCEL, CLAIM or WAITING by the bet's state (docs/spec.md §2, §4). */

import { useAtomValue } from 'jotai';
import { formatCoins } from '../../../shared/money';
import { playSound } from '../../audio';
import { pressMain } from '../../panels/controller';
import { betAmount } from '../../panels/transitions';
import { panelAtoms, type BetState } from '../../state/panelsAtom';
import { Button, type ButtonColor } from '../pixel';
import { ClaimFigure } from './ClaimFigure';

const LOOK: Record<BetState, { label: string; color: ButtonColor }> = {
  idle: { label: 'BET', color: 'green' },
  created: { label: 'CANCEL', color: 'red' },
  running: { label: 'CLAIM', color: 'orange' },
  waiting: { label: 'WAITING', color: 'gray' },
};

export function MainButton({ index }: { index: number }) {
  const panel = useAtomValue(panelAtoms[index]!);
  const amount = betAmount(panel) ?? 0;
  const { label, color } = LOOK[panel.betState];
  return (
    <Button
      color={color}
      className="bet-main"
      loading={panel.busy}
      data-testid={`bet-main-${index}`}
      onClick={() => {
        playSound('click');
        void pressMain(index);
      }}
    >
      <span className="bet-main-label">{label}</span>
      {panel.betState === 'running' ? (
        <ClaimFigure amount={amount} />
      ) : (
        <span className="bet-main-sub">{panel.betState === 'waiting' ? 'next round' : `${formatCoins(amount)} $`}</span>
      )}
    </Button>
  );
}
