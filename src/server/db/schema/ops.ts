import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { withdrawals } from './payments';

/** An operator of the console (docs/ops.md): created by `npm run ops:add`, signs in with a password and a TOTP code. */
export const operators = pgTable(
  'operators',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    /** RFC 6238 secret in base32, as authenticator apps read it. */
    totpSecret: text('totp_secret').notNull(),
    role: text('role').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    disabled: boolean('disabled').notNull().default(false),
    /** The last TOTP time step accepted: a code works once (a watcher cannot replay it within its 30 s). */
    lastTotpStep: bigint('last_totp_step', { mode: 'number' }),
  },
  (t) => [check('operators_role_known', sql`${t.role} in ('viewer', 'admin')`)],
);

/** An operator's session: the Bearer token's SHA-256, short-lived, apart from players' tokens. */
export const opsSessions = pgTable(
  'ops_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operatorId: bigint('operator_id', { mode: 'number' })
      .notNull()
      .references(() => operators.id),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
    revokedAt: bigint('revoked_at', { mode: 'number' }),
  },
  (t) => [index('ops_sessions_expires_idx').on(t.expiresAt)],
);

/**
 * One row per operator action, written in the action's transaction. Append-only: a statement
 * trigger (src/server/betting/ops_audit_guard.sql) refuses every UPDATE, DELETE and TRUNCATE.
 */
export const opsAudit = pgTable(
  'ops_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The operator's email (failed sign-ins are not here: they go to the security log). */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    /** What the action was about: `account:12`, `withdrawal:7`, `game`, a setting's name. */
    target: text('target'),
    reason: text('reason'),
    before: jsonb('before'),
    after: jsonb('after'),
    address: text('address'),
    at: bigint('at', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('ops_audit_actor_idx').on(t.actor, t.id),
    index('ops_audit_action_idx').on(t.action, t.id),
    index('ops_audit_target_idx').on(t.target, t.id),
  ],
);

/**
 * The security log: failed operator sign-ins (docs/ops.md "Security log"), kept apart from the audit
 * log so nothing a stranger types can pass for an operator's act, and never pushed to consoles.
 * A row names a known operator by id, else holds only the SHA-256 of the email typed; never what
 * was typed, never a password.
 */
export const securityLog = pgTable(
  'security_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What happened: `ops_sign_in_failed`. */
    event: text('event').notNull(),
    /** The operator whose email was typed, when it is one. */
    operatorId: bigint('operator_id', { mode: 'number' }).references(() => operators.id),
    /** SHA-256 (hex) of the email typed, trimmed and lower-cased, when it is no operator's. */
    emailHash: text('email_hash'),
    /** Which part was wrong: `unknown_email`, `wrong_password`, `disabled` or `wrong_code` (a reused code too). */
    detail: text('detail').notNull(),
    address: text('address').notNull(),
    at: bigint('at', { mode: 'number' }).notNull(),
  },
  (t) => [index('security_log_at_idx').on(t.at), index('security_log_operator_idx').on(t.operatorId, t.id)],
);

/** The maintenance pause: one row (id 1) while the game is paused, none otherwise. Every gateway and the leading engine read it. */
export const maintenance = pgTable(
  'maintenance',
  {
    id: integer('id').primaryKey(),
    reason: text('reason').notNull(),
    since: bigint('since', { mode: 'number' }).notNull(),
    /** The operator's email. */
    by: text('by').notNull(),
  },
  (t) => [check('maintenance_one_row', sql`${t.id} = 1`)],
);

/** An admin's approval of a withdrawal held for review; above WITHDRAW_SECOND_APPROVAL_ABOVE two different admins are needed. */
export const withdrawalApprovals = pgTable(
  'withdrawal_approvals',
  {
    withdrawalId: bigint('withdrawal_id', { mode: 'number' })
      .notNull()
      .references(() => withdrawals.id),
    operatorId: bigint('operator_id', { mode: 'number' })
      .notNull()
      .references(() => operators.id),
    at: bigint('at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.withdrawalId, t.operatorId] })],
);

/**
 * A manual credit of a player's coins (docs/ops.md "Four eyes"): applied at once up to
 * OPS_CREDIT_APPROVAL_ABOVE, above it held until a second, different admin approves or an admin
 * rejects it. Every credit an admin asks for, held or applied, counts against its OPS_CREDIT_DAILY_CAP;
 * `auditId` is the 'adjust' audit row written when it was applied, which its ledger row names.
 */
export const manualCredits = pgTable(
  'manual_credits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    hundredths: bigint('hundredths', { mode: 'bigint' }).notNull(),
    reason: text('reason').notNull(),
    requestedBy: bigint('requested_by', { mode: 'number' })
      .notNull()
      .references(() => operators.id),
    requestedAt: bigint('requested_at', { mode: 'number' }).notNull(),
    status: text('status').notNull(),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => operators.id),
    decidedAt: bigint('decided_at', { mode: 'number' }),
    decisionReason: text('decision_reason'),
    auditId: bigint('audit_id', { mode: 'number' }),
  },
  (t) => [
    index('manual_credits_account_idx').on(t.accountId, t.decidedAt),
    index('manual_credits_requester_idx').on(t.requestedBy, t.requestedAt),
    index('manual_credits_status_idx').on(t.status),
    check('manual_credits_status_known', sql`${t.status} in ('held', 'applied', 'rejected')`),
    check('manual_credits_amount_positive', sql`${t.hundredths} > 0`),
  ],
);
