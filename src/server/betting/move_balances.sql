-- The one writer of balances and ledger rows: the moves (p_accounts[i], p_deltas[i], p_kinds[i],
-- p_refs[i]) are transfers between each player and the house account its kind names
-- (house_account_of, transferKinds.ts). Each player's balance changes by the sum of its deltas and
-- each move gets its ledger row, in array order, with the running balance after it (a player with
-- two moves gets two rows whose balances follow each other); the house account's stripe of the
-- player (house_balances) moves the other way by the same amount, so all balances still sum to
-- zero. A player whose balance would go below zero is left as it is and gets no row. Returns the
-- rows written: the account and its balance after the move.
-- One move, a bet's or a cash-out's, takes the direct path: the set query's aggregate, window and
-- sorts cost it six times the CPU (130 µs against 21 µs a move, tests/bench/betting.ts).
-- A transaction moves one player's balance, or many in one call: players' rows are locked before
-- the house's stripes (the set path takes those in order), so two movers never wait for each other
-- in a circle.
CREATE OR REPLACE FUNCTION move_balances(
  p_accounts bigint[], p_deltas bigint[], p_kinds text[], p_refs text[], p_at bigint
) RETURNS TABLE (account_id bigint, balance_after bigint) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_after bigint;
  v_house bigint;
  v_accounts bigint[];
  v_afters bigint[];
  v_sides bigint[];
  v_stripes integer[];
  v_totals bigint[];
BEGIN
  IF cardinality(p_accounts) = 1 THEN
    v_house := house_account_of(p_kinds[1]);
    IF v_house IS NULL THEN RAISE EXCEPTION 'move_balances: % is not a kind of player transfer', p_kinds[1]; END IF;
    UPDATE accounts a SET balance = a.balance + p_deltas[1]
      WHERE a.id = p_accounts[1] AND a.balance + p_deltas[1] >= 0
      RETURNING a.balance INTO v_after;
    IF FOUND THEN
      INSERT INTO ledger_entries (account_id, delta, balance_after, house_account, kind, ref, created_at)
        VALUES (p_accounts[1], p_deltas[1], v_after, v_house, p_kinds[1], p_refs[1], p_at);
      UPDATE house_balances h SET balance = h.balance - p_deltas[1]
        WHERE h.account_id = v_house AND h.stripe = p_accounts[1] % house_stripes();
      IF NOT FOUND THEN RAISE EXCEPTION 'move_balances: house account % has no stripe row', v_house; END IF;
      account_id := p_accounts[1];
      balance_after := v_after;
      RETURN NEXT;
    END IF;
    RETURN;
  END IF;
  WITH moves AS (
    SELECT * FROM unnest(p_accounts, p_deltas, p_kinds, p_refs) WITH ORDINALITY AS m(account_id, delta, kind, ref, ord)
  ), totals AS (
    SELECT m.account_id, SUM(m.delta) AS total FROM moves m GROUP BY m.account_id
  ), moved AS (
    UPDATE accounts a SET balance = a.balance + t.total FROM totals t
    WHERE a.id = t.account_id AND a.balance + t.total >= 0
    RETURNING a.id, a.balance - t.total AS before
  ), written AS (
    INSERT INTO ledger_entries (account_id, delta, balance_after, house_account, kind, ref, created_at)
    SELECT m.account_id, m.delta, u.before + SUM(m.delta) OVER (PARTITION BY m.account_id ORDER BY m.ord),
           house_account_of(m.kind), m.kind, m.ref, p_at
    FROM moves m JOIN moved u ON u.id = m.account_id
    ORDER BY m.ord
    RETURNING ledger_entries.id, ledger_entries.account_id, ledger_entries.balance_after,
              ledger_entries.house_account, ledger_entries.delta
  ), sides AS (
    SELECT w.house_account, (w.account_id % house_stripes())::integer AS stripe, SUM(w.delta) AS total
    FROM written w GROUP BY 1, 2
  )
  SELECT (SELECT array_agg(w.account_id ORDER BY w.id) FROM written w),
         (SELECT array_agg(w.balance_after ORDER BY w.id) FROM written w),
         array_agg(s.house_account ORDER BY s.house_account, s.stripe),
         array_agg(s.stripe ORDER BY s.house_account, s.stripe),
         array_agg(s.total ORDER BY s.house_account, s.stripe)
    INTO v_accounts, v_afters, v_sides, v_stripes, v_totals FROM sides s;
  IF v_accounts IS NULL THEN RETURN; END IF;
  PERFORM 1 FROM house_balances h JOIN unnest(v_sides, v_stripes) s(account_id, stripe)
    ON h.account_id = s.account_id AND h.stripe = s.stripe
    ORDER BY h.account_id, h.stripe FOR UPDATE OF h;
  UPDATE house_balances h SET balance = h.balance - s.total
    FROM unnest(v_sides, v_stripes, v_totals) s(account_id, stripe, total)
    WHERE h.account_id = s.account_id AND h.stripe = s.stripe;
  IF NOT FOUND THEN RAISE EXCEPTION 'move_balances: a house account has no stripe row'; END IF;
  RETURN QUERY SELECT * FROM unnest(v_accounts, v_afters);
END $$;
