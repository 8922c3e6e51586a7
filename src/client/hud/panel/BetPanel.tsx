/**
 * One bet panel (docs/spec.md §2, §4, §5): the amount with −, + and quick-adds, auto-bet and auto cash-out
 * with its target, and the main button. Space anywhere in the panel presses the main button.
 */

import { useAtomValue } from 'jotai';
import type { KeyboardEvent } from 'react';
import { pressMain } from '../../panels/controller';
import { switchAutoBet, switchAutoCashOut } from '../../panels/edits';
import { editable } from '../../panels/transitions';
import { panelAtoms } from '../../state/panelsAtom';
import { Box, Toggle } from '../../pixel';
import { AmountControl } from './AmountControl';
import { AutoPart } from './AutoPart';
import { MainButton } from './MainButton';
import { PanelOutcome } from './PanelOutcome';
import { TargetInput } from './TargetInput';
import { houseWarning } from './houseWarning';
import { houseAtom } from '../../state/houseAtom';
import { useT } from '../../i18n/i18n';

/** A line under the panel: what the server said of its last bet, or what the house would do to the next. */
/** Its line is kept while empty: a notice arriving (the house's limit, once its figures load) never moves the page. */
function PanelNotice({ text }: { text: string | null }) {
  return (
    <p className="bet-panel-notice" role="status">
      {text ?? '\u00a0'}
    </p>
  );
}

export function BetPanel({ index }: { index: number }) {
  const t = useT();
  const panel = useAtomValue(panelAtoms[index]!);
  const locked = !editable(panel);
  const house = useAtomValue(houseAtom);
  /** Space is the main button's wherever focus is in the panel, except on a switch and on the main button itself. */
  const spaceIsOurs = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (event.key !== ' ' || target.closest('.bet-main')) return false;
    return !(target instanceof HTMLInputElement && target.type === 'checkbox');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!spaceIsOurs(event)) return;
    event.preventDefault();
    if (!event.repeat) void pressMain(index);
  };
  // A focused button clicks itself on Space's keyup: that press was the main button's.
  const onKeyUp = (event: KeyboardEvent<HTMLDivElement>) => spaceIsOurs(event) && event.preventDefault();
  return (
    <Box
      className="bet-panel"
      role="group"
      aria-label={t('panel.panel', { number: index + 1 })}
      data-panel={index}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onKeyUp={onKeyUp}
    >
      <div className="bet-panel-controls">
        <AmountControl index={index} locked={locked} />
        <div className="bet-panel-auto">
          <Toggle
            label={t('panel.autoBet')}
            checked={panel.isAutoBetEnabled}
            onChange={(on) => switchAutoBet(index, on)}
          />
          <div className="bet-panel-cashout">
            <Toggle
              label={t('panel.autoCashOut')}
              checked={panel.autoCashOut}
              onChange={(on) => switchAutoCashOut(index, on)}
            />
            <TargetInput index={index} locked={locked} />
          </div>
        </div>
      </div>
      <MainButton index={index} />
      <PanelOutcome outcome={panel.outcome} index={index} />
      <AutoPart index={index} />
      <PanelNotice text={panel.notice ?? houseWarning(panel, house)} />
    </Box>
  );
}
