-- What a bet of p_amount pays when cashed out at p_rate hundredths, rounded down to a hundredth of a coin
-- (betPolicy.ts's payout).
CREATE OR REPLACE FUNCTION payout(p_amount bigint, p_rate integer) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT p_amount * p_rate / hundredths_per_rate()
$$;
