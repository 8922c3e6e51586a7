import { describe, expect, it } from 'vitest';
import { martingale, rulesOf, startRun, EMPTY_RULES } from '../../src/client/lab/autoRules';
import { roundEnded, settled, stopAutoBet, toggled } from '../../src/client/panels/transitions';
import { INITIAL_PANEL, type PanelState } from '../../src/client/state/panelsAtom';

/** A panel whose rules run, its 10-coin bet flying. */
function flying(rules = martingale(1000, 2)): PanelState {
  return {
    ...INITIAL_PANEL,
    amount: '10',
    isAutoBetEnabled: true,
    betState: 'running',
    betId: '7',
    auto: { rules, run: startRun(rules) },
  };
}

describe('auto-bet rules in a panel', () => {
  it('doubles the stake after a lost round and goes back to the base after a cash-out, queueing the next bet', () => {
    const lost = roundEnded(flying());
    expect(lost).toMatchObject({
      amount: '20',
      betState: 'waiting',
      auto: { run: { bets: 1, net: -1000, stake: 2000 } },
    });
    const won = settled({ ...lost, betState: 'running', betId: '8' }, 2000);
    expect(won).toMatchObject({
      amount: '10',
      betState: 'waiting',
      auto: { run: { bets: 2, net: 1000, stopped: null } },
    });
  });

  it('stops on its loss limit with the reason, and a voided round does not count', () => {
    const rules = rulesOf({ ...EMPTY_RULES, stopLoss: '20' }, 1000, 2);
    const voided = roundEnded(flying(rules), true);
    expect(voided.auto!.run.bets).toBe(0);
    const once = roundEnded({ ...flying(rules), auto: voided.auto });
    const twice = roundEnded({ ...once, betState: 'running', betId: '9' });
    expect(twice).toMatchObject({ isAutoBetEnabled: false, betState: 'idle', auto: { run: { bets: 2, net: -2000 } } });
    expect(twice.auto!.run.stopped).toBe('Net loss reached 20');
  });

  it('ends the run when a switch changes or auto-bet stops, and counts nothing after', () => {
    const switched = toggled(flying(), { autoCashOut: true });
    expect(switched.auto!.run.stopped).toBe('A switch was changed');
    expect(roundEnded(switched).auto!.run.bets).toBe(0);
    expect(stopAutoBet(flying(), 'Stopped by you').auto!.run.stopped).toBe('Stopped by you');
  });
});
