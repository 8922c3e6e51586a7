-- The house's per-bet cap: the highest target (hundredths) at which a stake of p_amount wins at most
-- p_max_profit hundredths of profit (betPolicy.ts's houseTarget).
CREATE OR REPLACE FUNCTION house_target(p_amount bigint, p_max_profit bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT hundredths_per_rate() + p_max_profit * hundredths_per_rate() / p_amount
$$;
