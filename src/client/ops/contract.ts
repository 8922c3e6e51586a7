/**
 * The player's file as `GET /ops/players/:id` sends it (docs/ops.md "Players"). The other shapes
 * of the ops API are typed in src/shared/ops.ts; this one is typed only where the page reads it.
 */

import type { OpsPlayerSummary, OpsWithdrawal } from '../../shared/ops';
import type { PlayerLimits } from '../../shared/protocol';

export interface OpsPlayerFile extends OpsPlayerSummary {
  blockedReason: string | null;
  limits: PlayerLimits;
  exclusion: { until: string | null } | null;
  createdAt: string;
  signIns: { address: string; at: string }[];
  deposits: {
    id: string;
    amount: number;
    status: string;
    signature: string | null;
    reason: string | null;
    createdAt: string;
  }[];
  withdrawals: OpsWithdrawal[];
  bets: {
    id: string;
    gameId: string;
    amount: number;
    status: string;
    rate: number | null;
    win: number | null;
    at: string;
  }[];
}
