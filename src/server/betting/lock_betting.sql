-- The betting window of a round, as an advisory lock: every bet and cancel holds it shared, the
-- engine's start takes it exclusively, so the start waits for the bets in flight and no bet lands
-- after it (a shared row lock of the round taken by every bet made PostgreSQL build multixacts).
CREATE OR REPLACE FUNCTION lock_betting(p_round bigint, p_exclusive boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_exclusive THEN
    PERFORM pg_advisory_xact_lock(1, (p_round % 2147483647)::int);
  ELSE
    PERFORM pg_advisory_xact_lock_shared(1, (p_round % 2147483647)::int);
  END IF;
END $$;
