/** The auto cash-out target (docs/spec.md §2, §5): default 2.00, capped at 999; focusing it turns auto cash-out on. */

import { useAtom } from 'jotai';
import { RATE_INPUT_MAX } from '../../../shared/constants';
import { sanitizeAmountInput } from '../../../shared/money';
import { panelAtoms, toggled } from '../../state/panelsAtom';
import { tidyRate } from './amountText';
import { useT } from '../../i18n/i18n';

export function RateInput({ index, locked }: { index: number; locked: boolean }) {
  const t = useT();
  const [panel, setPanel] = useAtom(panelAtoms[index]!);
  return (
    <label className="bet-rate-field">
      <span aria-hidden="true">x</span>
      <input
        className="bet-rate-input"
        aria-label={t('panel.cashOutAt')}
        inputMode="decimal"
        autoComplete="off"
        value={panel.rate}
        disabled={locked}
        onFocus={() =>
          setPanel((current) => (current.isAutoWithdraw ? current : toggled(current, { isAutoWithdraw: true })))
        }
        onChange={(event) => {
          const rate = sanitizeAmountInput(event.target.value, RATE_INPUT_MAX);
          setPanel((current) => ({ ...current, rate }));
        }}
        onBlur={() => setPanel((current) => ({ ...current, rate: tidyRate(current.rate) }))}
      />
    </label>
  );
}
