-- Why the player may not stake (p_kind 'bet') or deposit (p_kind 'deposit') p_amount hundredths now,
-- or NULL: {"refused": "blocked", "reason": text} while an operator blocks the account (docs/ops.md),
-- {"refused": "excluded", "until": ms | null} while self-excluded, or {"refused":
-- "player_limit", "limit": name, "amount": hundredths, "resets": ms} when the amount would pass a
-- limit of its period (limit_used.sql counts what the period has used; limit_kind, generated from
-- src/shared/wire/limitNames.ts, says what a limit counts).
CREATE OR REPLACE FUNCTION limit_refusal(p_account bigint, p_kind text, p_amount bigint, p_at bigint)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_exclusion exclusions;
  v_limit record;
  v_blocked text;
BEGIN
  SELECT blocked_reason INTO v_blocked FROM accounts WHERE id = p_account;
  IF v_blocked IS NOT NULL THEN RETURN jsonb_build_object('refused', 'blocked', 'reason', v_blocked); END IF;
  SELECT * INTO v_exclusion FROM exclusions WHERE account_id = p_account AND (until IS NULL OR until > p_at);
  IF FOUND THEN RETURN jsonb_build_object('refused', 'excluded', 'until', v_exclusion.until); END IF;
  FOR v_limit IN
    SELECT l.name, limit_in_force(l.amount, l.pending_amount, l.pending_at, p_at) AS amount, p.period_start, p.period_end
    FROM player_limits l, limit_period(l.name, p_at) p
    WHERE l.account_id = p_account
      AND (limit_kind(l.name) = 'deposit') = (p_kind = 'deposit')
  LOOP
    CONTINUE WHEN v_limit.amount IS NULL;
    IF limit_used(p_account, limit_kind(v_limit.name), v_limit.period_start) + p_amount > v_limit.amount THEN
      RETURN jsonb_build_object('refused', 'player_limit', 'limit', v_limit.name, 'amount', v_limit.amount,
        'resets', v_limit.period_end);
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
