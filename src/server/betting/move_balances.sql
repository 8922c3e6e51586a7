-- The one writer of balances and ledger rows: the moves (p_accounts[i], p_deltas[i], p_kinds[i],
-- p_refs[i]) change each account's balance by the sum of its deltas and each gets its ledger row, in
-- array order, with the running balance after it (a player with two moves gets two rows whose
-- balances follow each other). An account whose balance would go below zero is left as it is and
-- gets no row. Returns the rows written: the account and its balance after the move.
CREATE OR REPLACE FUNCTION move_balances(
  p_accounts bigint[], p_deltas bigint[], p_kinds text[], p_refs text[], p_at bigint
) RETURNS TABLE (account_id bigint, balance_after bigint) LANGUAGE sql AS $$
  WITH moves AS (
    SELECT * FROM unnest(p_accounts, p_deltas, p_kinds, p_refs) WITH ORDINALITY AS m(account_id, delta, kind, ref, ord)
  ), totals AS (
    SELECT m.account_id, SUM(m.delta) AS total FROM moves m GROUP BY m.account_id
  ), moved AS (
    UPDATE accounts a SET balance = a.balance + t.total FROM totals t
    WHERE a.id = t.account_id AND a.balance + t.total >= 0
    RETURNING a.id, a.balance - t.total AS before
  )
  INSERT INTO ledger_entries (account_id, delta, balance_after, kind, ref, created_at)
  SELECT m.account_id, m.delta, u.before + SUM(m.delta) OVER (PARTITION BY m.account_id ORDER BY m.ord),
         m.kind, m.ref, p_at
  FROM moves m JOIN moved u ON u.id = m.account_id
  ORDER BY m.ord
  RETURNING ledger_entries.account_id, ledger_entries.balance_after
$$;
