-- Why a withdrawal of p_amount hundredths must wait for an operator's review (docs/ops.md
-- "Withdrawal review"), or NULL to send it at once. Called in the withdrawal's hold transaction,
-- under the account's row lock, so withdrawals at once are judged one after the other, each with
-- the ones before it. The rules look at what the player takes out over time, never at one request:
-- 1. coins credited by hand in the last 24 hours send every withdrawal to review, whatever its size;
-- 2. the player's withdrawals of the last 24 hours (not failed: a rejected or released one gave its
--    coins back), this one included, above p_review_above hundredths (NULL: no such rule);
-- 3. p_velocity_count withdrawals or more already within the last p_velocity_ms (NULL: no such rule).
CREATE OR REPLACE FUNCTION withdrawal_review(p_account bigint, p_amount bigint, p_at bigint,
  p_review_above bigint, p_velocity_count integer, p_velocity_ms bigint)
RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_day bigint;
  v_recent integer;
BEGIN
  IF EXISTS (SELECT 1 FROM manual_credits
             WHERE account_id = p_account AND status = 'applied' AND decided_at > p_at - 86400000) THEN
    RETURN 'coins credited by hand in the last 24 h';
  END IF;
  IF p_review_above IS NOT NULL THEN
    SELECT COALESCE(sum(hundredths), 0) INTO v_day FROM withdrawals
      WHERE account_id = p_account AND status <> 'failed' AND created_at > p_at - 86400000;
    IF v_day + p_amount > p_review_above THEN
      RETURN format('%s coins withdrawn in 24 h, above %s', trim_scale((v_day + p_amount) / 100.0),
        trim_scale(p_review_above / 100.0));
    END IF;
  END IF;
  IF p_velocity_count IS NOT NULL THEN
    SELECT count(*) INTO v_recent FROM withdrawals
      WHERE account_id = p_account AND status <> 'failed' AND created_at > p_at - p_velocity_ms;
    IF v_recent >= p_velocity_count THEN
      RETURN format('withdrawal %s within %s minutes', v_recent + 1, p_velocity_ms / 60000);
    END IF;
  END IF;
  RETURN NULL;
END $$;
