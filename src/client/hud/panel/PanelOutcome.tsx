/**
 * The flash of a settled bet over its panel (docs/hud.md "Feedback"): the multiplier and the payout
 * of a cash-out (by hand, auto or the house's limit), or the stake lost at the crash. It fades by
 * itself (CSS) and leaves at the next round; it covers the panel's top edge, so nothing moves.
 */

import type { Outcome } from '../../state/panelsAtom';
import { formatCoins, formatRate } from '../../i18n/format';
import { useT } from '../../i18n/i18n';

export function PanelOutcome({ outcome, index }: { outcome: Outcome | null; index: number }) {
  const t = useT();
  if (!outcome) return null;
  const values = { rate: formatRate(outcome.rate), amount: formatCoins(outcome.amount) };
  return (
    <p
      className={`bet-panel-outcome ${outcome.won ? 'bet-panel-won' : 'bet-panel-lost'}`}
      role="status"
      data-testid={`bet-outcome-${index}`}
    >
      {outcome.won ? t('panel.outcomeWon', values) : t('panel.outcomeLost', values)}
    </p>
  );
}
