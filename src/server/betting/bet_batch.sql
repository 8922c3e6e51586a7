-- Bets and cancels that arrived together (BetBatch.ts), in one statement and so one transaction:
-- each is judged by place_bet or cancel_bet as if it came alone, in array order, and its answer is
-- the element of the returned array at its place (a refusal writes nothing for that one only). An
-- error (an Idempotency-Key seen before, a deadlock) undoes the whole batch; BetBatch then runs its
-- operations one by one, so each gets its own answer or error. p_ops: objects with "op" ('place'
-- or 'cancel'), "account", "at", and place_bet's or cancel_bet's other arguments.
CREATE OR REPLACE FUNCTION bet_batch(p_ops jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_op jsonb;
  v_answers jsonb[] := '{}';
BEGIN
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
