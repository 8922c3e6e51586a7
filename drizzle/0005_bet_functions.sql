CREATE INDEX "bets_open_idx" ON "bets" USING btree ("account_id","round_id") WHERE "bets"."status" = 'CREATED';--> statement-breakpoint
-- The betting window of a round, as an advisory lock: every bet and cancel holds it shared, the
-- engine's start takes it exclusively, so the start waits for the bets in flight and no bet lands
-- after it (a shared row lock of the round taken by every bet made PostgreSQL build multixacts).
CREATE FUNCTION lock_betting(p_round bigint, p_exclusive boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_exclusive THEN
    PERFORM pg_advisory_xact_lock(1, (p_round % 2147483647)::int);
  ELSE
    PERFORM pg_advisory_xact_lock_shared(1, (p_round % 2147483647)::int);
  END IF;
END $$;
--> statement-breakpoint
-- One balance move and its ledger row; NULL (nothing written) when it would go below zero.
CREATE FUNCTION move_balance(p_account bigint, p_delta bigint, p_kind text, p_ref text, p_at bigint)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_after bigint;
BEGIN
  UPDATE accounts SET balance = balance + p_delta WHERE id = p_account AND balance + p_delta >= 0
    RETURNING balance INTO v_after;
  IF v_after IS NULL THEN
    IF NOT EXISTS (SELECT 1 FROM accounts WHERE id = p_account) THEN
      RAISE EXCEPTION 'account % does not exist', p_account;
    END IF;
    RETURN NULL;
  END IF;
  INSERT INTO ledger_entries (account_id, delta, balance_after, kind, ref, created_at)
    VALUES (p_account, p_delta, v_after, p_kind, p_ref, p_at);
  RETURN v_after;
END $$;
--> statement-breakpoint
-- Places a bet on the round taking bets: the bet row, the debit and its ledger row, and the
-- Idempotency-Key's answer when there is one, all in this one statement. Returns the bet row, or
-- {"refused": "closed" | "limit" | "funds"} with nothing written.
CREATE FUNCTION place_bet(
  p_account bigint, p_amount bigint, p_auto_rate integer, p_cashout_at integer, p_at bigint,
  p_max_active integer, p_key text, p_fingerprint text
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_round bigint;
  v_balance bigint;
  v_bet bets;
BEGIN
  SELECT id INTO v_round FROM rounds WHERE state = 'CREATED' ORDER BY id DESC LIMIT 1;
  IF v_round IS NULL THEN RETURN '{"refused": "closed"}'; END IF;
  PERFORM lock_betting(v_round, false);
  -- A new snapshot: a start that committed while we waited for the lock is seen here.
  IF NOT EXISTS (SELECT 1 FROM rounds WHERE id = v_round AND state = 'CREATED') THEN
    RETURN '{"refused": "closed"}';
  END IF;
  -- The account row lock serialises one player's bets, so the count below sees them all.
  SELECT balance INTO v_balance FROM accounts WHERE id = p_account FOR UPDATE;
  IF v_balance IS NULL THEN RAISE EXCEPTION 'account % does not exist', p_account; END IF;
  IF (SELECT count(*) FROM bets WHERE account_id = p_account AND round_id = v_round AND status = 'CREATED')
      >= p_max_active THEN
    RETURN '{"refused": "limit"}';
  END IF;
  IF v_balance < p_amount THEN RETURN '{"refused": "funds"}'; END IF;
  INSERT INTO bets (round_id, account_id, amount, status, auto_rate, cashout_at, created_at)
    VALUES (v_round, p_account, p_amount, 'CREATED', p_auto_rate, p_cashout_at, p_at)
    RETURNING * INTO v_bet;
  IF move_balance(p_account, -p_amount, 'bet', v_bet.id::text, p_at) IS NULL THEN
    RAISE EXCEPTION 'place_bet: the balance of account % changed under its lock', p_account;
  END IF;
  IF p_key IS NOT NULL THEN
    INSERT INTO idempotency_keys (account_id, key, fingerprint, status, response, created_at)
      VALUES (p_account, p_key, p_fingerprint, 200, jsonb_build_object('betId', v_bet.id::text), p_at);
  END IF;
  RETURN to_jsonb(v_bet);
END $$;
--> statement-breakpoint
-- Takes a bet back with a full refund while its round takes bets. Returns the bet row, or
-- {"refused": "not_found" | "started" | <the bet's status>} with nothing written.
CREATE FUNCTION cancel_bet(p_account bigint, p_bet bigint, p_at bigint) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_bet bets;
BEGIN
  SELECT * INTO v_bet FROM bets WHERE id = p_bet AND account_id = p_account FOR UPDATE;
  IF NOT FOUND THEN RETURN '{"refused": "not_found"}'; END IF;
  IF v_bet.status <> 'CREATED' THEN RETURN jsonb_build_object('refused', v_bet.status); END IF;
  PERFORM lock_betting(v_bet.round_id, false);
  IF NOT EXISTS (SELECT 1 FROM rounds WHERE id = v_bet.round_id AND state = 'CREATED') THEN
    RETURN '{"refused": "started"}';
  END IF;
  UPDATE bets SET status = 'CANCELED', settled_at = p_at WHERE id = p_bet RETURNING * INTO v_bet;
  IF move_balance(p_account, v_bet.amount, 'cancel', p_bet::text, p_at) IS NULL THEN
    RAISE EXCEPTION 'cancel_bet: a credit was refused';
  END IF;
  RETURN to_jsonb(v_bet);
END $$;
--> statement-breakpoint
-- Pays the auto cash-outs of a round that a tick (p_skip_locked: bets a player is cashing out by
-- hand right now are left to that cash-out) or the end reaches: every open bet whose target is at
-- or below p_up_to hundredths and below the crash point, at exactly its target, with one ledger
-- row per bet in bet id order. Every due bet is locked before any balance moves. Returns the paid
-- bets with their players' nicknames.
CREATE FUNCTION pay_due(
  p_round bigint, p_up_to integer, p_full_rate double precision, p_started_at bigint,
  p_growth_per_ms double precision, p_skip_locked boolean, p_at bigint
) RETURNS SETOF jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_ids bigint[];
BEGIN
  IF p_skip_locked THEN
    SELECT array_agg(id) INTO v_ids FROM (
      SELECT id FROM bets
      WHERE round_id = p_round AND status = 'CREATED' AND cashout_at <= p_up_to
        AND cashout_at::float8 / 100 < p_full_rate
      ORDER BY id FOR UPDATE SKIP LOCKED) due;
  ELSE
    SELECT array_agg(id) INTO v_ids FROM (
      SELECT id FROM bets
      WHERE round_id = p_round AND status = 'CREATED' AND cashout_at <= p_up_to
        AND cashout_at::float8 / 100 < p_full_rate
      ORDER BY id FOR UPDATE) due;
  END IF;
  IF v_ids IS NULL THEN RETURN; END IF;
  RETURN QUERY
  WITH paid AS (
    UPDATE bets SET status = 'REFUNDED', rate = cashout_at, win_amount = amount * cashout_at / 100,
      settled_at = COALESCE(round(p_started_at + ln(greatest(1, cashout_at::float8 / 100)) / p_growth_per_ms)::bigint, p_at)
    WHERE id = ANY (v_ids) AND status = 'CREATED'
    RETURNING *
  ), totals AS (
    SELECT account_id, SUM(win_amount) AS total FROM paid GROUP BY account_id
  ), credited AS (
    UPDATE accounts a SET balance = a.balance + t.total FROM totals t WHERE a.id = t.account_id
    RETURNING a.id, a.nickname, a.balance - t.total AS before
  ), written AS (
    INSERT INTO ledger_entries (account_id, delta, balance_after, kind, ref, created_at)
    SELECT p.account_id, p.win_amount,
           c.before + SUM(p.win_amount) OVER (PARTITION BY p.account_id ORDER BY p.id), 'win', p.id::text, p_at
    FROM paid p JOIN credited c ON c.id = p.account_id
    ORDER BY p.id
    RETURNING id
  )
  SELECT to_jsonb(p) || jsonb_build_object('nickname', c.nickname)
  FROM paid p JOIN credited c ON c.id = p.account_id
  ORDER BY p.id;
END $$;
