/**
 * A bet panel's Auto part (issue 28 point 1), closed by default so the panel stays as the spec
 * draws it: auto-bet rules (number of bets, stake changes on a win and on a loss, stops on net
 * profit, net loss or one big win) run on top of the spec's auto-bet, from the panel's amount and
 * target; the run's bets, net result and why it stopped show here. The server's limits still bind
 * every bet; the run lives in this page only, so a reload stops it.
 */

import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { formatCoins } from '../../../shared/money';
import { EMPTY_RULES, RULE_FIELDS, type RuleTexts } from '../../lab/autoRules';
import { startAutoRun, stopAutoRun } from '../../panels/edits';
import { editable } from '../../panels/transitions';
import { panelAtoms } from '../../state/panelsAtom';

export function AutoPart({ index }: { index: number }) {
  const panel = useAtomValue(panelAtoms[index]!);
  const [open, setOpen] = useState(false);
  const [texts, setTexts] = useState<RuleTexts>(EMPTY_RULES);
  const running = panel.auto !== null && panel.auto.run.stopped === null;
  const run = panel.auto?.run;
  return (
    <div className="bet-auto-part">
      <button type="button" className="bet-auto-open" aria-expanded={open} onClick={() => setOpen(!open)}>
        Auto {open ? '▾' : '▸'}
      </button>
      {open && (
        <div className="bet-auto-rules">
          {(Object.keys(RULE_FIELDS) as (keyof RuleTexts)[]).map((name) => (
            <label key={name}>
              {RULE_FIELDS[name]}
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
              Stop run
            </button>
          ) : (
            <button type="button" disabled={!editable(panel)} onClick={() => startAutoRun(index, texts)}>
              Start run
            </button>
          )}
        </div>
      )}
      {run && (
        <p className="bet-auto-run" data-testid={`auto-run-${index}`}>
          {run.bets} bets, net {formatCoins(run.net)} $
          {run.stopped === null ? ', running' : `. Stopped: ${run.stopped}`}
        </p>
      )}
    </div>
  );
}
