-- The rate players see, truncated to hundredths (x2.35 -> 235): growth.ts's rateHundredths.
CREATE OR REPLACE FUNCTION shown_hundredths(p_rate double precision) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT floor(p_rate * hundredths_per_rate() * (1 + shown_rate_epsilon()))::bigint
$$;
