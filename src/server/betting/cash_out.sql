-- Cashes a player's bet out by hand at the rate of p_at (the game clock) while its round flies, in
-- one statement: the bet's row lock, the judgement on the round's start and crash point (which
-- never change once it started), the outcome, and the credit with its ledger row. The crash
-- instant is started_at + ms_to_rate(full_rate), the rate shown_hundredths(rate_at(ms)), capped at
-- the bet's own target (an auto cash-out or MAX_WIN reached earlier pays that). Rounds in
-- p_abandoned (an engine gave up on them and will void them) take no cash-out. p_growth_per_ms is
-- the caller's growth constant, checked against the one the functions were applied with. Returns
-- the bet row, or {"refused": "not_found" | "not_started" | "stopped" | "too_late" | <the bet's
-- status>} with nothing written.
CREATE OR REPLACE FUNCTION cash_out(
  p_account bigint, p_bet bigint, p_at bigint, p_growth_per_ms double precision, p_abandoned bigint[]
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_bet bets;
  v_round rounds;
  v_rate integer;
BEGIN
  PERFORM check_growth(p_growth_per_ms);
  SELECT * INTO v_bet FROM bets WHERE id = p_bet AND account_id = p_account FOR UPDATE;
  IF NOT FOUND THEN RETURN '{"refused": "not_found"}'; END IF;
  IF v_bet.status <> 'CREATED' THEN RETURN jsonb_build_object('refused', v_bet.status); END IF;
  SELECT * INTO v_round FROM rounds WHERE id = v_bet.round_id;
  IF v_round.state = 'CREATED' THEN RETURN '{"refused": "not_started"}'; END IF;
  IF v_round.id = ANY (p_abandoned) THEN RETURN '{"refused": "stopped"}'; END IF;
  IF v_round.state NOT IN ('STARTED', 'ENDED') OR v_round.started_at IS NULL
      OR p_at >= v_round.started_at + ms_to_rate(v_round.full_rate) THEN
    RETURN '{"refused": "too_late"}';
  END IF;
  v_rate := least(v_bet.cashout_at, shown_hundredths(rate_at(p_at - v_round.started_at)));
  UPDATE bets SET status = 'CASHED_OUT', rate = v_rate, win_amount = payout(amount, v_rate), settled_at = p_at
    WHERE id = p_bet RETURNING * INTO v_bet;
  IF move_balance(p_account, v_bet.win_amount, 'win', p_bet::text, p_at) IS NULL THEN
    RAISE EXCEPTION 'cash_out: a credit was refused';
  END IF;
  RETURN to_jsonb(v_bet);
END $$;
