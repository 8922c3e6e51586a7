-- A transfer between two house accounts (HOUSE_KINDS in transferKinds.ts: a withdrawal paid, a
-- deposit held or returned): p_amount hundredths out of the account p_kind moves from, into the one
-- it moves to, with its ledger row (the credited account in account_id, no balance_after). (kind,
-- ref) makes it happen once. Both stripes 0 move; a house stripe may go below zero.
CREATE OR REPLACE FUNCTION house_transfer(p_kind text, p_ref text, p_amount bigint, p_at bigint)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_from bigint := house_transfer_from(p_kind);
  v_to bigint := house_transfer_to(p_kind);
BEGIN
  IF v_from IS NULL OR v_to IS NULL THEN
    RAISE EXCEPTION 'house_transfer: % is not a kind of transfer between house accounts', p_kind;
  END IF;
  IF p_amount <= 0 THEN RAISE EXCEPTION 'house_transfer: % moves no coins', p_amount; END IF;
  INSERT INTO ledger_entries (account_id, delta, balance_after, house_account, kind, ref, created_at)
    VALUES (v_to, p_amount, NULL, v_from, p_kind, p_ref, p_at);
  UPDATE house_balances SET balance = balance + CASE WHEN account_id = v_to THEN p_amount ELSE -p_amount END
    WHERE stripe = 0 AND account_id IN (v_from, v_to);
END $$;
