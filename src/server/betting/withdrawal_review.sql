-- Why a withdrawal of p_amount hundredths must wait for an operator's review (docs/ops.md
-- "Withdrawal review"), or NULL to send it at once. Called in the withdrawal's hold transaction,
-- under the account's row lock, so withdrawals at once are judged one after the other.
-- Coins credited by hand in the last 24 hours send every withdrawal to review, whatever its size;
-- otherwise one above p_review_above hundredths (NULL: none) waits.
CREATE OR REPLACE FUNCTION withdrawal_review(p_account bigint, p_amount bigint, p_at bigint, p_review_above bigint)
RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM manual_credits
             WHERE account_id = p_account AND status = 'applied' AND decided_at > p_at - 86400000) THEN
    RETURN 'coins credited by hand in the last 24 h';
  END IF;
  IF p_review_above IS NOT NULL AND p_amount > p_review_above THEN
    RETURN format('above %s coins', trim_scale(p_review_above / 100.0));
  END IF;
  RETURN NULL;
END $$;
