-- A player limit in force at p_at: a raise or removal waiting its 24 hours applies once pending_at has passed.
CREATE OR REPLACE FUNCTION limit_in_force(p_amount bigint, p_pending_amount bigint, p_pending_at bigint, p_at bigint)
RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_pending_at <= p_at THEN p_pending_amount ELSE p_amount END
$$;
