-- The operators' audit log is append-only (docs/ops.md "Audit"): ops_audit_guard.sql makes every
-- UPDATE, DELETE and TRUNCATE of ops_audit call this, which refuses it, whoever asks.
CREATE OR REPLACE FUNCTION ops_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ops_audit is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
