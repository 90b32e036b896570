-- One transfer, with the house side in the shard of the transfer's player (`p_shard_key` for a
-- transfer between two house accounts; shard 0 without one). ledger_transfer() calls it, and the
-- wallet's SQL calls it directly with the hash and outbox event computed here (`p_hash`,
-- `p_event` null): one PL/pgSQL call a transfer, not two. A zero amount moves nothing (a stake
-- split over real and bonus money passes its empty part) and answers nulls.
CREATE OR REPLACE FUNCTION ledger_move(p_key text, p_kind text, p_reference text, p_currency text, p_amount bigint,
  p_from_user bigint, p_from_kind text, p_to_user bigint, p_to_kind text, p_at timestamptz,
  p_shard_key bigint DEFAULT NULL, p_hash text DEFAULT NULL, p_event jsonb DEFAULT NULL,
  OUT transfer_id bigint, OUT replayed boolean, OUT created_at timestamptz, OUT debit_account_id bigint, OUT credit_account_id bigint)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_shard_key bigint := coalesce(p_from_user, p_to_user, p_shard_key, 0);
  v_debit bigint;
  v_credit bigint;
  v_hash text := p_hash;
  v_event jsonb := p_event;
  v_from text;
  v_to text;
  v_balance bigint;
  v_first record;
BEGIN
  IF p_amount <= 0 THEN RETURN; END IF;
  v_debit := ledger_account_id(p_from_user, p_currency, p_from_kind, v_shard_key);
  v_credit := ledger_account_id(p_to_user, p_currency, p_to_kind, v_shard_key);
  IF v_debit IS NULL OR v_credit IS NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'OR001', MESSAGE = 'account_not_found',
      DETAIL = CASE WHEN (v_debit IS NULL AND p_from_user IS NULL) OR (v_credit IS NULL AND p_to_user IS NULL) THEN 'house' ELSE 'player' END;
  END IF;
  IF v_hash IS NULL THEN
    v_from := CASE WHEN p_from_user IS NULL THEN 'house:' || p_from_kind ELSE 'player:' || p_from_user || ':' || p_from_kind END;
    v_to := CASE WHEN p_to_user IS NULL THEN 'house:' || p_to_kind ELSE 'player:' || p_to_user || ':' || p_to_kind END;
    v_hash := ledger_payload_hash(p_kind, p_reference, p_currency, p_amount, v_from, v_to);
    v_event := jsonb_build_object('kind', p_kind, 'reference', p_reference, 'currency', p_currency, 'amount', p_amount,
      'from', CASE WHEN p_from_user IS NULL THEN jsonb_build_object('house', p_from_kind) ELSE jsonb_build_object('player', p_from_user, 'kind', p_from_kind) END,
      'to', CASE WHEN p_to_user IS NULL THEN jsonb_build_object('house', p_to_kind) ELSE jsonb_build_object('player', p_to_user, 'kind', p_to_kind) END);
  END IF;
  INSERT INTO ledger_transfers (idempotency_key, kind, reference, currency, amount, debit_account_id, credit_account_id, payload_hash, created_at)
  VALUES (p_key, p_kind, p_reference, p_currency, p_amount, v_debit, v_credit, v_hash, p_at)
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING id INTO transfer_id;
  IF transfer_id IS NULL THEN
    SELECT t.id, t.payload_hash, t.created_at, t.debit_account_id, t.credit_account_id INTO v_first
      FROM ledger_transfers t WHERE t.idempotency_key = p_key;
    IF v_first.payload_hash IS DISTINCT FROM v_hash THEN
      RAISE EXCEPTION USING ERRCODE = 'OR002', MESSAGE = 'idempotency_conflict';
    END IF;
    transfer_id := v_first.id; replayed := true; created_at := v_first.created_at;
    debit_account_id := v_first.debit_account_id; credit_account_id := v_first.credit_account_id;
    RETURN;
  END IF;
  INSERT INTO outbox_events (topic, payload, created_at, available_at)
  VALUES ('wallet.transfer', v_event || jsonb_build_object('transferId', transfer_id), p_at, p_at);
  -- Lock order: players' accounts before the house's, then by id. Every transfer follows it, so
  -- none deadlocks; and a hot house account (bets) is locked last, held only until the commit.
  IF ROW(p_to_user IS NULL, v_credit) < ROW(p_from_user IS NULL, v_debit) THEN
    UPDATE ledger_accounts SET balance = balance + p_amount WHERE id = v_credit;
  END IF;
  UPDATE ledger_accounts SET balance = balance - p_amount WHERE id = v_debit AND (user_id IS NULL OR balance >= p_amount);
  IF NOT FOUND THEN
    SELECT balance INTO v_balance FROM ledger_accounts WHERE id = v_debit;
    RAISE EXCEPTION USING ERRCODE = 'OR003', MESSAGE = 'insufficient_funds', DETAIL = v_balance::text;
  END IF;
  IF ROW(p_to_user IS NULL, v_credit) > ROW(p_from_user IS NULL, v_debit) THEN
    UPDATE ledger_accounts SET balance = balance + p_amount WHERE id = v_credit;
  END IF;
  replayed := false; created_at := p_at; debit_account_id := v_debit; credit_account_id := v_credit;
END
$$;
