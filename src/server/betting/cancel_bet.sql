-- Takes a bet back with a full refund while its round takes bets. Returns the bet row, or
-- {"refused": "not_found" | "started" | <the bet's status>} with nothing written.
-- The round's betting lock comes before the bet's row, as in place_bet: the engine's start holds
-- that lock and then writes the open bets' targets (the round cap), so a cancel holding the row
-- while it waited for the lock deadlocked with the start.
CREATE OR REPLACE FUNCTION cancel_bet(p_account bigint, p_bet bigint, p_at bigint) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_round bigint;
  v_bet bets;
BEGIN
  SELECT round_id INTO v_round FROM bets WHERE id = p_bet AND account_id = p_account;
  IF NOT FOUND THEN RETURN '{"refused": "not_found"}'; END IF;
  PERFORM lock_betting(v_round, false);
  SELECT * INTO v_bet FROM bets WHERE id = p_bet FOR UPDATE;
  IF v_bet.status <> 'CREATED' THEN RETURN jsonb_build_object('refused', v_bet.status); END IF;
  IF NOT EXISTS (SELECT 1 FROM rounds WHERE id = v_round AND state = 'CREATED') THEN
    RETURN '{"refused": "started"}';
  END IF;
  UPDATE bets SET status = 'CANCELED', settled_at = p_at WHERE id = p_bet RETURNING * INTO v_bet;
  IF move_balance(p_account, v_bet.amount, 'cancel', p_bet::text, p_at) IS NULL THEN
    RAISE EXCEPTION 'cancel_bet: a credit was refused';
  END IF;
  RETURN to_jsonb(v_bet);
END $$;
