-- The calendar period (day, week from Monday, month) holding p_at, in UTC: its start and the
-- start of the next one, as ms timestamps. limit_unit, generated from src/shared/wire/limitNames.ts, names the period.
CREATE OR REPLACE FUNCTION limit_period(p_name text, p_at bigint, OUT period_start bigint, OUT period_end bigint)
LANGUAGE sql IMMUTABLE AS $$
  SELECT (extract(epoch FROM s AT TIME ZONE 'UTC') * 1000)::bigint,
         (extract(epoch FROM (s + ('1 ' || unit)::interval) AT TIME ZONE 'UTC') * 1000)::bigint
  FROM (SELECT unit, date_trunc(unit, to_timestamp(p_at / 1000.0) AT TIME ZONE 'UTC') AS s
        FROM (SELECT limit_unit(p_name) AS unit) u) t
$$;
