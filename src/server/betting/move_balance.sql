-- One balance move and its ledger row (move_balances); NULL (nothing written) when it would go below zero.
CREATE OR REPLACE FUNCTION move_balance(p_account bigint, p_delta bigint, p_kind text, p_ref text, p_at bigint)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_after bigint;
BEGIN
  SELECT m.balance_after INTO v_after FROM move_balances(ARRAY[p_account], ARRAY[p_delta], ARRAY[p_kind], ARRAY[p_ref], p_at) m;
  IF v_after IS NULL THEN
    IF NOT EXISTS (SELECT 1 FROM accounts WHERE id = p_account) THEN
      RAISE EXCEPTION 'account % does not exist', p_account;
    END IF;
    RETURN NULL;
  END IF;
  RETURN v_after;
END $$;
