/** The auto cash-out target (docs/spec.md §2, §5): default 2.00, capped at 999; focusing it turns auto cash-out on. */

import { useAtomValue } from 'jotai';
import { focusTarget, leaveTarget, typeTarget } from '../../panels/edits';
import { panelAtoms } from '../../state/panelsAtom';
import { useT } from '../../i18n/i18n';

export function TargetInput({ index, locked }: { index: number; locked: boolean }) {
  const t = useT();
  const panel = useAtomValue(panelAtoms[index]!);
  return (
    <label className="bet-rate-field">
      <span aria-hidden="true">x</span>
      <input
        className="bet-rate-input"
        aria-label={t('panel.cashOutAt')}
        inputMode="decimal"
        autoComplete="off"
        value={panel.target}
        disabled={locked}
        onFocus={() => focusTarget(index)}
        onChange={(event) => typeTarget(index, event.target.value)}
        onBlur={() => leaveTarget(index)}
      />
    </label>
  );
}
