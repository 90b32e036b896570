-- The Ledger's transfer (TypeScript computes the hash and the event): checks the idempotency
-- key, moves both balances under row locks taken in one global order, writes the transfer and
-- its outbox event. Refusals raise: OR001 account not found, OR002 idempotency conflict, OR003
-- insufficient funds (DETAIL = the balance).
CREATE OR REPLACE FUNCTION ledger_transfer(
  p_key text, p_kind text, p_reference text, p_currency text, p_amount bigint,
  p_debit_user bigint, p_debit_kind text, p_credit_user bigint, p_credit_kind text,
  p_hash text, p_at timestamptz, p_event jsonb, p_shard_key bigint DEFAULT NULL
) RETURNS TABLE (transfer_id bigint, replayed boolean, created_at timestamptz, debit_account_id bigint, credit_account_id bigint)
LANGUAGE sql AS $$
  SELECT * FROM ledger_move(p_key, p_kind, p_reference, p_currency, p_amount, p_debit_user, p_debit_kind, p_credit_user, p_credit_kind,
    p_at, p_shard_key, p_hash, p_event)
$$;
