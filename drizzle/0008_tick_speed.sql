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
DROP FUNCTION pay_due(bigint, integer, double precision, bigint, double precision, boolean, bigint);
--> statement-breakpoint
CREATE FUNCTION pay_due(
  p_round bigint, p_up_to integer, p_full_rate double precision, p_started_at bigint,
  p_growth_per_ms double precision, p_skip_locked boolean, p_at bigint
) RETURNS TABLE (id bigint, nickname text, amount bigint, rate integer, win_amount bigint, created_at bigint)
LANGUAGE plpgsql SET plan_cache_mode = force_custom_plan AS $$
DECLARE
  v_ids bigint[];
BEGIN
  IF p_skip_locked THEN
    SELECT array_agg(due.id) INTO v_ids FROM (
      SELECT b.id FROM bets b
      WHERE b.round_id = p_round AND b.status = 'CREATED' AND b.cashout_at <= p_up_to
        AND b.cashout_at::float8 / 100 < p_full_rate
      ORDER BY b.id FOR UPDATE SKIP LOCKED) due;
  ELSE
    SELECT array_agg(due.id) INTO v_ids FROM (
      SELECT b.id FROM bets b
      WHERE b.round_id = p_round AND b.status = 'CREATED' AND b.cashout_at <= p_up_to
        AND b.cashout_at::float8 / 100 < p_full_rate
      ORDER BY b.id FOR UPDATE) due;
  END IF;
  IF v_ids IS NULL THEN RETURN; END IF;
  RETURN QUERY
  WITH paid AS (
    UPDATE bets b SET status = 'REFUNDED', rate = b.cashout_at, win_amount = b.amount * b.cashout_at / 100,
      settled_at = COALESCE(round(p_started_at + ln(greatest(1, b.cashout_at::float8 / 100)) / p_growth_per_ms)::bigint, p_at)
    -- Locked above while CREATED: nothing else can have settled them. The round lets the planner
    -- reach them through the round's index rather than a scan of every bet.
    WHERE b.round_id = p_round AND b.id = ANY (v_ids)
    RETURNING b.id, b.account_id, b.amount, b.rate, b.win_amount, b.created_at
  ), totals AS (
    SELECT p.account_id, SUM(p.win_amount) AS total FROM paid p GROUP BY p.account_id
  ), credited AS (
    UPDATE accounts a SET balance = a.balance + t.total FROM totals t WHERE a.id = t.account_id
    RETURNING a.id, a.nickname, a.balance - t.total AS before
  ), written AS (
    INSERT INTO ledger_entries (account_id, delta, balance_after, kind, ref, created_at)
    SELECT p.account_id, p.win_amount,
           c.before + SUM(p.win_amount) OVER (PARTITION BY p.account_id ORDER BY p.id), 'win', p.id::text, p_at
    FROM paid p JOIN credited c ON c.id = p.account_id
    ORDER BY p.id
    RETURNING 1
  )
  SELECT p.id, c.nickname, p.amount, p.rate, p.win_amount, p.created_at
  FROM paid p JOIN credited c ON c.id = p.account_id
  ORDER BY p.id;
END $$;
