-- Milliseconds after a round's start at which the multiplier reaches p_rate: growth.ts's msToRate.
CREATE OR REPLACE FUNCTION ms_to_rate(p_rate double precision) RETURNS double precision
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ln(greatest(1, p_rate)) / growth_per_ms()
$$;
