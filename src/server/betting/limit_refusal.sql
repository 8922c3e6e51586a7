-- Why the player may not stake (p_kind 'bet') or deposit (p_kind 'deposit') p_amount hundredths now,
-- or NULL: {"refused": "blocked", "reason": text} while an operator blocks the account (docs/ops.md),
-- {"refused": "excluded", "until": ms | null} while self-excluded, or {"refused":
-- "player_limit", "limit": name, "amount": hundredths, "resets": ms} when the amount would pass a
-- limit of its period. A bet counts against wager limits by its stake and against loss limits by
-- the stake it may lose (open bets count as lost until settled, wins count back). A deposit is judged
-- when it is prepared and again when its SOL lands (payments/settleDeposit.ts: the intent is out of
-- 'pending' then, so it is not counted twice).
CREATE OR REPLACE FUNCTION limit_refusal(p_account bigint, p_kind text, p_amount bigint, p_at bigint)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_exclusion exclusions;
  v_limit record;
  v_used bigint;
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
      AND (CASE WHEN p_kind = 'deposit' THEN l.name LIKE 'deposit%' ELSE l.name NOT LIKE 'deposit%' END)
  LOOP
    CONTINUE WHEN v_limit.amount IS NULL;
    IF v_limit.name LIKE 'deposit%' THEN
      -- A credited deposit counts in the period it was credited in (a late one lands in today's),
      -- one still pending in the period it was prepared in; failed, held and returned ones never.
      SELECT COALESCE(sum(d.hundredths), 0) INTO v_used FROM deposit_intents d
        WHERE d.account_id = p_account
          AND ((d.status = 'credited' AND d.settled_at >= v_limit.period_start)
            OR (d.status = 'pending' AND d.created_at >= v_limit.period_start));
    ELSE
      SELECT COALESCE(sum(CASE WHEN v_limit.name LIKE 'loss%' THEN b.amount - COALESCE(b.win_amount, 0) ELSE b.amount END), 0)
        INTO v_used FROM bets b
        WHERE b.account_id = p_account AND b.status IN ('CREATED', 'CASHED_OUT') AND b.created_at >= v_limit.period_start;
    END IF;
    IF v_used + p_amount > v_limit.amount THEN
      RETURN jsonb_build_object('refused', 'player_limit', 'limit', v_limit.name, 'amount', v_limit.amount,
        'resets', v_limit.period_end);
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
