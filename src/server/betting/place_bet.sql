-- Places a bet on the round taking bets: the bet row, the debit and its ledger row, and the
-- Idempotency-Key's answer when there is one, all in this one statement. Returns the bet row, or
-- {"refused": "closed" | "limit" | "funds"} with nothing written, or limit_refusal's answer (the
-- player's own limits and self-exclusion, docs/architecture.md "House limits"). The house's per-bet cap: a bet that could win
-- more than the round's max_bet_profit gets its cash-out lowered to fit (house_target.sql; the
-- returned row's cashout_at; auto_rate keeps what the player set, null by hand), or
-- {"refused": "house_limit", "maxBetProfit": hundredths} when even the lowest target does not. The
-- bet policy's TypeScript (src/shared/betPolicy.ts) sets p_cashout_at and p_max_active.
-- The row carries `answer`, the player's answer ({betId, loweredTo?}), which a retry with the same
-- Idempotency-Key replays word for word.
CREATE OR REPLACE FUNCTION place_bet(
  p_account bigint, p_amount bigint, p_auto_rate integer, p_cashout_at integer, p_at bigint,
  p_max_active integer, p_key text, p_fingerprint text
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_round bigint;
  v_max_profit bigint;
  v_balance bigint;
  v_refusal jsonb;
  v_bet bets;
  v_asked integer := p_cashout_at;
  v_answer jsonb;
BEGIN
  v_round := betting_round();
  IF v_round IS NULL THEN RETURN '{"refused": "closed"}'; END IF;
  SELECT max_bet_profit INTO v_max_profit FROM rounds WHERE id = v_round;
  -- The account row lock serialises one player's bets, so the count below sees them all.
  SELECT balance INTO v_balance FROM accounts WHERE id = p_account FOR UPDATE;
  IF v_balance IS NULL THEN RAISE EXCEPTION 'account % does not exist', p_account; END IF;
  v_refusal := limit_refusal(p_account, 'bet', p_amount, p_at);
  IF v_refusal IS NOT NULL THEN RETURN v_refusal; END IF;
  IF (SELECT count(*) FROM bets WHERE account_id = p_account AND round_id = v_round AND status = 'CREATED')
      >= p_max_active THEN
    RETURN '{"refused": "limit"}';
  END IF;
  IF v_balance < p_amount THEN RETURN '{"refused": "funds"}'; END IF;
  IF v_max_profit IS NOT NULL AND house_target(p_amount, v_max_profit) < p_cashout_at THEN
    p_cashout_at := house_target(p_amount, v_max_profit);
    IF p_cashout_at < min_target() THEN
      RETURN jsonb_build_object('refused', 'house_limit', 'maxBetProfit', v_max_profit);
    END IF;
  END IF;
  INSERT INTO bets (round_id, account_id, amount, status, auto_rate, cashout_at, created_at)
    VALUES (v_round, p_account, p_amount, 'CREATED', p_auto_rate, p_cashout_at, p_at)
    RETURNING * INTO v_bet;
  IF move_balance(p_account, -p_amount, 'bet', v_bet.id::text, p_at) IS NULL THEN
    RAISE EXCEPTION 'place_bet: the balance of account % changed under its lock', p_account;
  END IF;
  v_answer := jsonb_build_object('betId', v_bet.id::text) || CASE WHEN p_cashout_at < v_asked
    THEN jsonb_build_object('loweredTo', p_cashout_at::numeric / hundredths_per_rate()) ELSE '{}' END;
  IF p_key IS NOT NULL THEN
    INSERT INTO idempotency_keys (account_id, key, fingerprint, status, response, created_at)
      VALUES (p_account, p_key, p_fingerprint, 200, v_answer, p_at);
  END IF;
  RETURN to_jsonb(v_bet) || jsonb_build_object('answer', v_answer);
END $$;
