/**
 * A bet panel's Auto part (docs/hud.md "Player tools"), closed by default so the panel stays as the
 * spec draws it: auto-bet rules (number of bets, stake changes on a win and on a loss, stops on net
 * profit, net loss or one big win) run on top of the spec's auto-bet, from the panel's amount and
 * target; the run's bets, net result and why it stopped show here. The server's limits still bind
 * every bet; the run lives in this page only, so a reload stops it.
 */

import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { formatCoins } from '../format';
import { EMPTY_RULES, RULE_FIELDS, type RuleTexts } from '../../lab/autoRules';
import { startAutoRun, stopAutoRun } from '../../panels/edits';
import { editable } from '../../panels/transitions';
import { panelAtoms } from '../../state/panelsAtom';
import { useT } from '../../i18n/i18n';

export function AutoPart({ index }: { index: number }) {
  const t = useT();
  const panel = useAtomValue(panelAtoms[index]!);
  const [open, setOpen] = useState(false);
  const [texts, setTexts] = useState<RuleTexts>(EMPTY_RULES);
  const running = panel.auto !== null && panel.auto.run.stopped === null;
  const run = panel.auto?.run;
  return (
    <div className="bet-auto-part">
      <button type="button" className="bet-auto-open" aria-expanded={open} onClick={() => setOpen(!open)}>
        {t('panel.auto')} {open ? '▾' : '▸'}
      </button>
      {open && (
        <div className="bet-auto-rules">
          {(Object.keys(RULE_FIELDS) as (keyof RuleTexts)[]).map((name) => (
            <label key={name}>
              {t(RULE_FIELDS[name])}
              <input
                name={name}
                inputMode="decimal"
                autoComplete="off"
                value={texts[name]}
                disabled={running}
                onChange={(event) => setTexts({ ...texts, [name]: event.target.value })}
              />
            </label>
          ))}
          {running ? (
            <button type="button" onClick={() => stopAutoRun(index)}>
              {t('panel.stopRun')}
            </button>
          ) : (
            <button type="button" disabled={!editable(panel)} onClick={() => startAutoRun(index, texts)}>
              {t('panel.startRun')}
            </button>
          )}
        </div>
      )}
      {run && (
        <p className="bet-auto-run" data-testid={`auto-run-${index}`}>
          {run.stopped === null
            ? t('panel.runRunning', { bets: run.bets, net: formatCoins(run.net) })
            : t('panel.runStopped', { bets: run.bets, net: formatCoins(run.net), reason: run.stopped })}
        </p>
      )}
    </div>
  );
}
