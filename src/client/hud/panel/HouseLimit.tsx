/**
 * The house's limits near the bet panels (docs/architecture.md "House limits"): the most one bet may win right now,
 * and a panel's warning before it places a bet whose auto cash-out the house would lower.
 */

import { useAtomValue } from 'jotai';
import { houseTarget, stakeBound, typedTarget } from '../../../shared/betPolicy';
import { HUNDREDTHS_PER_RATE } from '../../../shared/growth';
import { coinsToHundredths } from '../../../shared/money';
import { t, useT } from '../../i18n/i18n';
import { formatCoins, formatRate } from '../format';
import { houseAtom, type HouseState } from '../../state/houseAtom';
import { sayRefusal } from '../../net/refusalText';
import type { PanelState } from '../../state/panelsAtom';

export function HouseLimit() {
  const t = useT();
  const { maxBetProfit } = useAtomValue(houseAtom);
  // The line is there before the house's figures load, so their arrival moves nothing.
  return (
    <p className="house-limit" role="note">
      {maxBetProfit === null ? '\u00a0' : t('panel.houseLimit', { amount: formatCoins(maxBetProfit) })}
    </p>
  );
}

/** What the table's and the house's limits would do to the panel's next bet, or null when it fits. */
export function houseWarning(panel: PanelState, house: Pick<HouseState, 'maxBetProfit' | 'largestBet'>): string | null {
  const { maxBetProfit, largestBet } = house;
  const amount = coinsToHundredths(panel.amount);
  if (amount === null || amount === 0 || panel.betState !== 'idle') return null;
  // The smallest limit the stake passes, in the words the server refuses it with.
  const bound = stakeBound(amount, largestBet ?? Infinity, maxBetProfit);
  if (bound) return sayRefusal(bound.code, { largest: bound.largest });
  if (maxBetProfit === null) return null;
  // The bet policy's per-bet cap, as place_bet applies it.
  const highest = houseTarget(amount, maxBetProfit);
  const target = panel.autoCashOut ? typedTarget(panel.target) : null;
  if (target !== null && target <= highest) return null;
  return t('panel.houseTarget', { rate: formatRate(highest / HUNDREDTHS_PER_RATE) });
}
