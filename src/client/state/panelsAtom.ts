/**
 * The two bet panels (docs/spec.md §2, §3, §4): what each shows. Components read these atoms; only
 * the panels' controller (src/client/panels/) writes them, through its transitions.
 */

import { atom, type PrimitiveAtom } from 'jotai';
import type { AutoRules, AutoRun } from './autoRun';
import { BET_DEFAULT_AMOUNT, BET_DEFAULT_RATE_TEXT } from '../../shared/constants';

/** idle shows BET, created CANCEL, running CLAIM, waiting WAITING (docs/spec.md §4). */
export type BetState = 'idle' | 'created' | 'running' | 'waiting';

export interface PanelState {
  /** The amount input's text, in coins ('200', '12.5'). */
  amount: string;
  /** The auto cash-out target input's text ('2.00'). */
  target: string;
  isAutoBetEnabled: boolean;
  /** Cash out when the multiplier reaches the target (the spec's `isAutoWithdraw`). */
  autoCashOut: boolean;
  betState: BetState;
  /** The placed bet (created or running); null while idle or waiting, as no bet is placed yet. */
  betId: string | null;
  /** A request of this panel is on its way (the main button shows loading). */
  busy: boolean;
  /** What the server said about this panel's last bet (a refusal, a lowered target, the house limit); null: nothing. */
  notice: string | null;
  /**
   * What this round's bet of the panel came to, flashed on the panel until the next round: cashed
   * out (by hand, auto or the house's limit: a GAME_LIMIT arriving after its BET_REFUNDED still
   * finds its rate) or lost at the crash; null: nothing to show.
   */
  outcome: Outcome | null;
  /** The auto-bet rules of the panel's Auto part and their run (docs/hud.md "Player tools"), null without; kept in memory only, so a reload stops a run. */
  auto: { rules: AutoRules; run: AutoRun } | null;
}

/** A settled bet as the panel flashes it: the multiplier, and the payout (won) or the stake (lost), in hundredths. */
export interface Outcome {
  won: boolean;
  rate: number;
  amount: number;
}

export const INITIAL_PANEL: PanelState = {
  amount: String(BET_DEFAULT_AMOUNT),
  target: BET_DEFAULT_RATE_TEXT,
  isAutoBetEnabled: false,
  autoCashOut: false,
  betState: 'idle',
  betId: null,
  busy: false,
  notice: null,
  outcome: null,
  auto: null,
};

/** One atom per panel, so a press in one does not re-render the other. */
export const panelAtoms: readonly PrimitiveAtom<PanelState>[] = [atom(INITIAL_PANEL), atom(INITIAL_PANEL)];
