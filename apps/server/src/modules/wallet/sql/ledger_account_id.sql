-- A player's account, or the house's shard for `p_shard_key` (PL/pgSQL: its plans are kept per
-- connection, where an SQL function's UNION was planned again on every call).
CREATE OR REPLACE FUNCTION ledger_account_id(p_user bigint, p_currency text, p_kind text, p_shard_key bigint) RETURNS bigint
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_id bigint;
BEGIN
  IF p_user IS NOT NULL THEN
    SELECT id INTO v_id FROM ledger_accounts WHERE user_id = p_user AND currency = p_currency AND kind = p_kind;
  ELSE
    SELECT id INTO v_id FROM ledger_accounts WHERE user_id IS NULL AND currency = p_currency AND kind = p_kind
      AND shard = p_shard_key % ledger_house_shards(p_kind);
  END IF;
  RETURN v_id;
END
$$;
