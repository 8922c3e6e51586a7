-- The exact multiplier p_ms after a round's start: src/shared/growth.ts's rateAt.
CREATE OR REPLACE FUNCTION rate_at(p_ms double precision) RETURNS double precision
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT exp(growth_per_ms() * greatest(0, p_ms))
$$;
