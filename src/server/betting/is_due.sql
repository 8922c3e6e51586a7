-- True when an auto cash-out at p_cashout_at hundredths is reached before a round's crash point
-- p_full_rate, so the bet is paid at its target: growth.ts's targetReached.
CREATE OR REPLACE FUNCTION is_due(p_cashout_at integer, p_full_rate double precision) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT p_cashout_at::float8 / hundredths_per_rate() < p_full_rate
$$;
