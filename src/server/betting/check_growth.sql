-- Refuses a caller whose growth constant is not the one the functions were applied with (a process
-- of another version on the same database): it would judge cash-outs on another curve.
CREATE OR REPLACE FUNCTION check_growth(p_growth_per_ms double precision) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_growth_per_ms IS DISTINCT FROM growth_per_ms() THEN
    RAISE EXCEPTION 'growth constant % is not the database''s %', p_growth_per_ms, growth_per_ms();
  END IF;
END $$;
