-- Bets and cancels that arrived together (BetBatch.ts), in one statement and so one transaction:
-- each is judged by place_bet or cancel_bet as if it came alone, in array order, and its answer is
-- the element of the returned array at its place (a refusal writes nothing for that one only). An
-- error (an Idempotency-Key seen before, a deadlock) undoes the whole batch; BetBatch then runs its
-- operations one by one, so each gets its own answer or error. p_ops: objects with "op" ('place'
-- or 'cancel'), "account", "at", and place_bet's or cancel_bet's other arguments.
-- The batch holds what each operation locks until its end, so it takes those locks first, in the
-- order a lone placement takes them: the round's betting lock, then every player's row by id, then
-- the game's stripes of them by stripe. Another server's batch or lone placement never waits for
-- it in a circle (a lone one holds one player, then one stripe).
CREATE OR REPLACE FUNCTION bet_batch(p_ops jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_op jsonb;
  v_accounts bigint[];
  v_answers jsonb[] := '{}';
BEGIN
  SELECT array_agg(DISTINCT (o->>'account')::bigint) INTO v_accounts FROM jsonb_array_elements(p_ops) o;
  PERFORM betting_round();
  PERFORM 1 FROM accounts a WHERE a.id = ANY (v_accounts) ORDER BY a.id FOR UPDATE;
  PERFORM 1 FROM house_balances h
    WHERE h.account_id = house_account_of('bet') AND h.stripe IN (SELECT a % house_stripes() FROM unnest(v_accounts) a)
    ORDER BY h.stripe FOR UPDATE;
  FOR v_op IN SELECT value FROM jsonb_array_elements(p_ops) LOOP
    IF v_op->>'op' = 'place' THEN
      v_answers := v_answers || place_bet((v_op->>'account')::bigint, (v_op->>'amount')::bigint,
        (v_op->>'autoRate')::integer, (v_op->>'cashoutAt')::integer, (v_op->>'at')::bigint,
        (v_op->>'maxActive')::integer, v_op->>'key', v_op->>'fingerprint');
    ELSIF v_op->>'op' = 'cancel' THEN
      v_answers := v_answers || cancel_bet((v_op->>'account')::bigint, (v_op->>'bet')::bigint, (v_op->>'at')::bigint);
    ELSE
      RAISE EXCEPTION 'bet_batch: % is not an operation', v_op->>'op';
    END IF;
  END LOOP;
  RETURN to_jsonb(v_answers);
END $$;
