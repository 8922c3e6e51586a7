-- A tick that pays 1,000 auto cash-outs (issue 13) spent most of its time on three things, which
-- this migration removes:
-- * The foreign key from the ledger to accounts: its per-row check re-read the account row the same
--   statement had just updated, about 20 us a row, half the tick. Every writer of ledger_entries
--   (move_balance, creditMany, place_bet, cash_out, pay_due) inserts rows only for accounts it has
--   just updated, and accounts are never deleted; ledger:check reports a row without its account.
-- * Index entries for every settled bet: the settlement writes status and settled_at, which three
--   of the bets' indexes named, so each update added entries to four of the five. No index names them now
--   (the round's index drops status, the two-bet limit's loses its WHERE, the leaders' settled_at
--   index goes: the leaders are read through the rounds that ended in the last day), and pages keep
--   30 % free (fillfactor 70): a bet's one update is a HOT update, with no index entry at all.
-- * pay_due (0005) answered each paid bet as to_jsonb of the whole row. It now returns only what
--   the BET_REFUNDED event carries, as columns, and is planned for its actual ids each time (a
--   generic plan guesses a handful of rows and joins the CTEs in nested loops).
-- What it pays, how and in what order is unchanged: every open bet of the round whose target is at
-- or below p_up_to hundredths and below the crash point, at exactly its target, with one ledger row
-- per bet in bet id order; every due bet is locked before any balance moves; p_skip_locked (a tick)
-- leaves bets a player is cashing out by hand right now to that cash-out.
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_account_id_accounts_id_fk";
--> statement-breakpoint
DROP INDEX "bets_settled_idx";--> statement-breakpoint
DROP INDEX "bets_round_idx";--> statement-breakpoint
DROP INDEX "bets_open_idx";--> statement-breakpoint
CREATE INDEX "bets_round_idx" ON "bets" USING btree ("round_id","cashout_at");--> statement-breakpoint
CREATE INDEX "bets_open_idx" ON "bets" USING btree ("account_id","round_id");
--> statement-breakpoint
ALTER TABLE bets SET (fillfactor = 70);
--> statement-breakpoint
-- The betting functions this migration once created are not part of the baseline: their one source
-- is src/server/betting/*.sql, which the server applies after the migrations on every start
-- (migrations change tables only). A database migrated before this was cut has the old versions,
-- which that apply replaces.
-- pay_due's answer changed shape, which CREATE OR REPLACE cannot do: a database that has 0005's
-- drops it here, and the start creates the new one.
DROP FUNCTION IF EXISTS pay_due(bigint, integer, double precision, bigint, double precision, boolean, bigint);
