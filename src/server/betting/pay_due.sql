-- Pays the auto cash-outs of a round that a tick or the end reaches: every open bet of the round
-- whose target is at or below p_up_to hundredths and is_due (below the crash point), at exactly its
-- target, settled at the instant the rate reached it, with one ledger row per bet in bet id order
-- (move_balances). Every due bet is locked before any balance moves; p_skip_locked (a tick) leaves
-- bets a player is cashing out by hand right now to that cash-out. p_growth_per_ms is checked as
-- cash_out checks it. Returns only what the BET_REFUNDED event carries, as columns, and is planned
-- for its actual ids each time (a generic plan guesses a handful of rows and joins in nested loops).
CREATE OR REPLACE FUNCTION pay_due(
  p_round bigint, p_up_to integer, p_full_rate double precision, p_started_at bigint,
  p_growth_per_ms double precision, p_skip_locked boolean, p_at bigint
) RETURNS TABLE (id bigint, nickname text, amount bigint, rate integer, win_amount bigint, created_at bigint)
LANGUAGE plpgsql SET plan_cache_mode = force_custom_plan AS $$
DECLARE
  v_ids bigint[];
  v_accounts bigint[];
  v_wins bigint[];
  v_refs text[];
BEGIN
  PERFORM check_growth(p_growth_per_ms);
  IF p_skip_locked THEN
    SELECT array_agg(due.id) INTO v_ids FROM (
      SELECT b.id FROM bets b
      WHERE b.round_id = p_round AND b.status = 'CREATED' AND b.cashout_at <= p_up_to
        AND is_due(b.cashout_at, p_full_rate)
      ORDER BY b.id FOR UPDATE SKIP LOCKED) due;
  ELSE
    SELECT array_agg(due.id) INTO v_ids FROM (
      SELECT b.id FROM bets b
      WHERE b.round_id = p_round AND b.status = 'CREATED' AND b.cashout_at <= p_up_to
        AND is_due(b.cashout_at, p_full_rate)
      ORDER BY b.id FOR UPDATE) due;
  END IF;
  IF v_ids IS NULL THEN RETURN; END IF;
  WITH paid AS (
    UPDATE bets b SET status = 'CASHED_OUT', rate = b.cashout_at, win_amount = payout(b.amount, b.cashout_at),
      settled_at = COALESCE(round(p_started_at + ms_to_rate(b.cashout_at::float8 / hundredths_per_rate()))::bigint, p_at)
    -- Locked above while CREATED: nothing else can have settled them. The round lets the planner
    -- reach them through the round's index rather than a scan of every bet.
    WHERE b.round_id = p_round AND b.id = ANY (v_ids)
    RETURNING b.id, b.account_id, b.win_amount
  )
  SELECT array_agg(p.account_id ORDER BY p.id), array_agg(p.win_amount ORDER BY p.id), array_agg(p.id::text ORDER BY p.id)
    INTO v_accounts, v_wins, v_refs FROM paid p;
  PERFORM move_balances(v_accounts, v_wins, array_fill('win'::text, ARRAY[cardinality(v_refs)]), v_refs, p_at);
  RETURN QUERY
  SELECT b.id, a.nickname, b.amount, b.rate, b.win_amount, b.created_at
  FROM bets b JOIN accounts a ON a.id = b.account_id
  WHERE b.round_id = p_round AND b.id = ANY (v_ids)
  ORDER BY b.id;
END $$;
