-- The round taking bets, with its betting lock (lock_betting.sql) held shared until the end of the
-- transaction: its id, or null when no round takes bets. A placement takes it before any row, and a
-- batch (bet_batch.sql) before its players' rows: the engine's start holds it exclusively and then
-- writes bet rows, so a transaction holding a row while it waited for this lock could deadlock
-- with the start.
CREATE OR REPLACE FUNCTION betting_round() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_round bigint;
BEGIN
  SELECT id INTO v_round FROM rounds WHERE state = 'CREATED' ORDER BY id DESC LIMIT 1;
  IF v_round IS NULL THEN RETURN NULL; END IF;
  PERFORM lock_betting(v_round, false);
  -- A new snapshot: a start that committed while we waited for the lock is seen here.
  IF NOT EXISTS (SELECT 1 FROM rounds WHERE id = v_round AND state = 'CREATED') THEN RETURN NULL; END IF;
  RETURN v_round;
END $$;
