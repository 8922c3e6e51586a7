-- What a player has used since p_since (ms) of a limit of p_kind (docs/architecture.md "House limits"), in
-- hundredths: 'deposit' the deposits credited since then (a late one counts when it lands) and those
-- prepared since then still pending (failed, held and returned ones never: payments/settleDeposit.ts
-- judges a landing deposit again with it, the deposit itself out of 'pending' so not counted twice); 'wager' the stakes of open and settled bets; 'loss' those
-- stakes less what they won back (an open bet counts as lost until it is settled), read through
-- bets_account_time_idx: the period's bets only, not the player's whole past. The one loss formula:
-- the reality check's session result is its negative (risk/playerLimits.ts).
CREATE OR REPLACE FUNCTION limit_used(p_account bigint, p_kind text, p_since bigint) RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN p_kind = 'deposit' THEN
    (SELECT COALESCE(sum(d.hundredths), 0) FROM deposit_intents d
      WHERE d.account_id = p_account
        AND ((d.status = 'credited' AND d.settled_at >= p_since) OR (d.status = 'pending' AND d.created_at >= p_since)))
  ELSE
    (SELECT COALESCE(sum(CASE WHEN p_kind = 'loss' THEN b.amount - COALESCE(b.win_amount, 0) ELSE b.amount END), 0)
      FROM bets b
      WHERE b.account_id = p_account AND b.status IN ('CREATED', 'CASHED_OUT') AND b.created_at >= p_since)
  END::bigint
$$;
