/**
 * A panel's warning before it places a bet a limit binds (docs/architecture.md "House limits"): a stake above the
 * smallest bound (the table's largest bet or the house's cover), or a cash-out the house's per-bet cap would lower.
 * Said only when it binds: a cap above the panel's auto cash-out target, or above MANUAL_NOTICE_TARGET for a bet
 * cashed out by hand, changes nothing the player is likely to see, so it is not said.
 */

import { houseTarget, stakeBound, typedTarget } from '../../../shared/betPolicy';
import { HUNDREDTHS_PER_RATE } from '../../../shared/growth';
import { coinsToHundredths } from '../../../shared/money';
import { t } from '../../i18n/i18n';
import { formatRate } from '../../i18n/format';
import type { HouseState } from '../../state/houseAtom';
import { sayRefusal } from '../../net/refusalText';
import type { PanelState } from '../../state/panelsAtom';

/**
 * The cap a bet cashed out by hand is told of: x10. A flight reaches x10 about one round in ten and a half (95 % / 10)
 * and x2 about one in two, so a cap below x10 would stop flights a player waits for; one above (x376 for a 200-coin bet
 * on a fresh local house) about one round in 400 or fewer, and saying it under every panel is noise.
 */
const MANUAL_NOTICE_TARGET = 10 * HUNDREDTHS_PER_RATE;

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
  if (highest >= (target ?? MANUAL_NOTICE_TARGET)) return null;
  return t('panel.houseTarget', { rate: formatRate(highest / HUNDREDTHS_PER_RATE) });
}
