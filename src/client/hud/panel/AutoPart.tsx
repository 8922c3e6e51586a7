/**
 * A bet panel's Auto part (docs/hud.md "Player tools"), closed by default so the panel stays as the
 * spec draws it: auto-bet rules (number of bets, stake changes on a win and on a loss, stops on net
 * profit, net loss or one big win) run on top of the spec's auto-bet, from the panel's amount and
 * target; the run's rounds left (or played), net result and why it stopped show here, and, with auto-bet
 * switched on and nothing placed, what to do next. The server's limits still bind
 * every bet; the run lives in this page only, so a reload stops it.
 */

import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { formatCoins } from '../../i18n/format';
import { EMPTY_RULES, RULE_FIELDS, type RuleTexts } from '../../lab/autoRules';
import { startAutoRun, stopAutoRun } from '../../panels/edits';
import { editable, runGoing } from '../../panels/transitions';
import { panelAtoms } from '../../state/panelsAtom';
import { useT } from '../../i18n/i18n';

export function AutoPart({ index }: { index: number }) {
  const t = useT();
  const panel = useAtomValue(panelAtoms[index]!);
  const [open, setOpen] = useState(false);
  const [texts, setTexts] = useState<RuleTexts>(EMPTY_RULES);
  const running = runGoing(panel);
  const run = panel.auto?.run;
  const left = panel.auto?.rules.bets == null || !run ? null : panel.auto.rules.bets - run.bets;
  // Switched on and nothing placed yet: what to do next.
  const hint = panel.isAutoBetEnabled && !running && panel.betState === 'idle';
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
      {hint ? (
        <p className="bet-auto-run" data-testid={`auto-hint-${index}`}>
          {t('panel.autoHint', { bet: t('panel.bet') })}
        </p>
      ) : (
        run && (
          <p className="bet-auto-run" data-testid={`auto-run-${index}`}>
            {run.stopped !== null
              ? t('panel.runStopped', { bets: run.bets, net: formatCoins(run.net), reason: run.stopped })
              : left === null
                ? t('panel.runEndless', { bets: run.bets, net: formatCoins(run.net) })
                : t('panel.runRunning', { left, net: formatCoins(run.net) })}
          </p>
        )
      )}
    </div>
  );
}
