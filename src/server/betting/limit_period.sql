-- The calendar period (day, week from Monday, month) holding p_at, in UTC: its start and the
-- start of the next one, as ms timestamps.
CREATE OR REPLACE FUNCTION limit_period(p_name text, p_at bigint, OUT period_start bigint, OUT period_end bigint)
LANGUAGE sql IMMUTABLE AS $$
  SELECT (extract(epoch FROM s AT TIME ZONE 'UTC') * 1000)::bigint,
         (extract(epoch FROM (s + ('1 ' || unit)::interval) AT TIME ZONE 'UTC') * 1000)::bigint
  FROM (SELECT unit, date_trunc(unit, to_timestamp(p_at / 1000.0) AT TIME ZONE 'UTC') AS s
        FROM (SELECT CASE WHEN p_name LIKE '%Daily' THEN 'day' WHEN p_name LIKE '%Weekly' THEN 'week' ELSE 'month' END
              AS unit) u) t
$$;
