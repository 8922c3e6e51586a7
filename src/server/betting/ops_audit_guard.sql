-- The trigger of ops_audit_append_only.sql (applied after it: the files run in name order).
CREATE OR REPLACE TRIGGER ops_audit_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON ops_audit
  FOR EACH STATEMENT EXECUTE FUNCTION ops_audit_append_only();
