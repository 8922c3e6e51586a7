/**
 * The bet amount (docs/spec.md §2, §5): typed with dot or comma and at most two decimals (typing turns
 * auto-bet off), − and + in steps of 10 down to 10, quick-adds that count up over 0.4 s.
 */

import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { AMOUNT_ANIMATION_MS, BET_QUICK_ADDS, BET_STEP } from '../../../shared/constants';
import { amountText, typedAmount } from '../../panels/amountText';
import { leaveAmount, stepAmount, typeAmount } from '../../panels/edits';
import { panelAtoms } from '../../state/panelsAtom';
import { useTween } from '../useTween';
import { useT } from '../../i18n/i18n';

export function AmountControl({ index, locked }: { index: number; locked: boolean }) {
  const t = useT();
  const panel = useAtomValue(panelAtoms[index]!);
  const [animate, setAnimate] = useState(false);
  const target = typedAmount(panel.amount);
  const shown = useTween(target, AMOUNT_ANIMATION_MS, animate);
  const text = Math.abs(shown - target) < 1 ? panel.amount : amountText(Math.round(shown / 100) * 100);
  const step = (coins: number) => {
    setAnimate(true);
    stepAmount(index, coins);
  };
  return (
    <div className="bet-amount-control">
      <div className="bet-amount-row">
        <button
          type="button"
          className="bet-step"
          aria-label={t('panel.minus', { step: BET_STEP })}
          disabled={locked}
          onClick={() => step(-BET_STEP)}
        >
          −
        </button>
        <input
          className="bet-amount-input"
          aria-label={t('panel.amount')}
          inputMode="decimal"
          autoComplete="off"
          value={text}
          disabled={locked}
          onChange={(event) => {
            setAnimate(false);
            typeAmount(index, event.target.value);
          }}
          onBlur={() => leaveAmount(index)}
        />
        <button
          type="button"
          className="bet-step"
          aria-label={t('panel.plus', { step: BET_STEP })}
          disabled={locked}
          onClick={() => step(BET_STEP)}
        >
          +
        </button>
      </div>
      <div className="bet-quick-adds">
        {BET_QUICK_ADDS.map((add) => (
          <button key={add} type="button" className="bet-quick-add" disabled={locked} onClick={() => step(add)}>
            +{add}
          </button>
        ))}
      </div>
    </div>
  );
}
