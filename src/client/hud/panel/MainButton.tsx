/** The panel's main button: BET, CANCEL, CLAIM or WAITING by the bet's state (docs/spec.md §2, §4). */

import { useAtomValue } from 'jotai';
import { playSound } from '../../audio';
import { pressMain } from '../../panels/controller';
import { betAmount } from '../../panels/transitions';
import { panelAtoms, type BetState } from '../../state/panelsAtom';
import { formatCoins } from '../../i18n/format';
import { Button, type ButtonColor } from '../../pixel';
import { ClaimFigure } from './ClaimFigure';
import { useT } from '../../i18n/i18n';

const LOOK = {
  idle: { label: 'panel.bet', color: 'green' },
  created: { label: 'panel.cancel', color: 'red' },
  running: { label: 'panel.claim', color: 'orange' },
  waiting: { label: 'panel.waiting', color: 'gray' },
} as const satisfies Record<BetState, { label: string; color: ButtonColor }>;

export function MainButton({ index }: { index: number }) {
  const t = useT();
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
      <span className="bet-main-label">{t(label)}</span>
      {panel.betState === 'running' ? (
        <ClaimFigure amount={amount} />
      ) : (
        <span className="bet-main-sub">
          {panel.betState === 'waiting' ? t('panel.nextRound') : `${formatCoins(amount)} $`}
        </span>
      )}
    </Button>
  );
}
