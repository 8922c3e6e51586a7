/**
 * What /api/v1/ops answers (docs/ops.md), besides the state and audit rows its STOMP destinations
 * also carry (opsEvents.ts): money is integer hundredths of a coin, times are ISO strings.
 */

import { z } from 'zod';
import { opsAuditRow } from './opsEvents';
import { playerLimits } from './user';

export const opsRole = z.enum(['viewer', 'admin']);

/** POST /ops/auth. */
export const opsSession = z.object({ token: z.string(), role: opsRole, email: z.string(), expiresAt: z.string() });

/** A page of a list, newest first; `next` is the `before` of the next page (null: none). */
const page = <T extends z.core.$ZodType>(item: T) => z.object({ items: z.array(item), next: z.string().nullable() });

const approval = z.object({ by: z.string(), at: z.string() });
export const opsWithdrawal = z.object({
  id: z.string(),
  accountId: z.string(),
  wallet: z.string(),
  amount: z.number(),
  createdAt: z.string(),
  status: z.enum(['review', 'pending', 'confirmed', 'failed']),
  approvals: z.array(approval),
  signature: z.string().nullable(),
  /** Why it failed or was rejected. */
  reason: z.string().nullable(),
  /** Why it was held for review (the rule that held it); null when it never was. */
  reviewReason: z.string().nullable(),
});
export const withdrawalPage = page(opsWithdrawal);
export const reviewedWithdrawal = z.object({ withdrawal: opsWithdrawal });

export const opsPlayerSummary = z.object({
  id: z.string(),
  wallet: z.string().nullable(),
  email: z.string().nullable(),
  referralCode: z.string(),
  balance: z.number(),
  blocked: z.boolean(),
});
/** POST /ops/players/:id/adjust: the player after it, and the credit held for a second admin (null: applied). */
export const adjusted = opsPlayerSummary.extend({ heldCredit: z.string().nullable() });

/** A manual credit (docs/ops.md "Four eyes"): held for a second, different admin above the threshold. */
export const opsManualCredit = z.object({
  id: z.string(),
  accountId: z.string(),
  amount: z.number(),
  reason: z.string(),
  status: z.enum(['held', 'applied', 'rejected']),
  requestedBy: z.string(),
  requestedAt: z.string(),
  /** The second admin who approved it, or the admin who rejected it; null for one applied at once. */
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionReason: z.string().nullable(),
});
export const creditPage = page(opsManualCredit);
export const decidedCredit = z.object({ credit: opsManualCredit });
export const playerSearch = z.object({ items: z.array(opsPlayerSummary) });

/** GET /ops/players/:id: everything support needs about one player. */
export const opsPlayerFile = opsPlayerSummary.extend({
  blockedReason: z.string().nullable(),
  limits: playerLimits,
  exclusion: z.object({ until: z.string().nullable() }).nullable(),
  createdAt: z.string().nullable(),
  signIns: z.array(z.object({ address: z.string(), at: z.string().nullable() })),
  deposits: z.array(
    z.object({
      id: z.string(),
      amount: z.number(),
      status: z.string(),
      signature: z.string().nullable(),
      reason: z.string().nullable(),
      createdAt: z.string().nullable(),
    }),
  ),
  withdrawals: z.array(opsWithdrawal),
  bets: z.array(
    z.object({
      id: z.string(),
      gameId: z.string(),
      amount: z.number(),
      /** As stored (CASHED_OUT, not the players' wire name REFUNDED: docs/glossary.md). */
      status: z.string(),
      rate: z.number().nullable(),
      win: z.number().nullable(),
      at: z.string().nullable(),
    }),
  ),
});

export const ledgerPage = page(
  z.object({
    id: z.string(),
    kind: z.string(),
    amount: z.number(),
    balance: z.number(),
    at: z.string(),
    ref: z.string(),
  }),
);

export const auditPage = page(opsAuditRow);

export const opsConfig = z.object({
  cluster: z.string(),
  /** A transaction's link: replace {sig} with its signature. */
  explorer: z.string(),
  reviewAbove: z.number().nullable(),
  secondApprovalAbove: z.number().nullable(),
  creditApprovalAbove: z.number(),
  creditDailyCap: z.number(),
});
