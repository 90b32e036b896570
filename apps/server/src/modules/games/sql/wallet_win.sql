-- A provider's win, one statement: the replay's first answer, or the win paid to the round's
-- player in the proportion of real and bonus money its bets were made with. Refusals raise:
-- OR103 round_closed, OR104 transaction_not_found, OR105 wrong_currency, OR106
-- transaction_rolled_back, OR107 duplicate_transaction.
CREATE OR REPLACE FUNCTION wallet_win(p_provider int, p_external text, p_hash text, p_user bigint, p_round text, p_reference text,
  p_amount bigint, p_currency text, p_bet jsonb, p_outcome jsonb, p_fair jsonb, p_public_multiple int, p_at timestamptz) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_round record;
  v_bet record;
  v_to_real bigint;
  v_to_bonus bigint;
  v_balance bigint;
  v_key text := 'wallet:' || p_provider || ':' || p_external;
  v_ref text;
  v_response jsonb;
  v_seen record;
BEGIN
  -- A transaction id seen before answers its first answer (a replay), before anything else is looked at.
  SELECT kind, payload_hash, response INTO v_seen FROM provider_transactions WHERE provider_id = p_provider AND external_id = p_external;
  IF FOUND THEN
    IF v_seen.kind = 'rollback_marker' THEN RAISE EXCEPTION USING ERRCODE = 'OR106', MESSAGE = 'transaction_rolled_back'; END IF;
    IF v_seen.payload_hash <> p_hash THEN RAISE EXCEPTION USING ERRCODE = 'OR107', MESSAGE = 'duplicate_transaction'; END IF;
    RETURN v_seen.response;
  END IF;
  SELECT * INTO v_round FROM game_rounds WHERE provider_id = p_provider AND external_id = p_round FOR UPDATE;
  IF NOT FOUND OR v_round.user_id <> p_user OR v_round.status = 'rolled_back' OR v_round.bet_cents = 0 THEN
    RAISE EXCEPTION USING ERRCODE = 'OR104', MESSAGE = 'transaction_not_found';
  END IF;
  IF v_round.status = 'closed' THEN RAISE EXCEPTION USING ERRCODE = 'OR103', MESSAGE = 'round_closed'; END IF;
  IF p_reference IS NOT NULL THEN
    SELECT kind, round_id, rolled_back INTO v_bet FROM provider_transactions WHERE provider_id = p_provider AND external_id = p_reference;
    IF NOT FOUND OR v_bet.kind <> 'bet' OR v_bet.round_id <> v_round.id OR v_bet.rolled_back THEN
      RAISE EXCEPTION USING ERRCODE = 'OR104', MESSAGE = 'transaction_not_found';
    END IF;
  END IF;
  IF p_currency <> v_round.currency THEN RAISE EXCEPTION USING ERRCODE = 'OR105', MESSAGE = 'wrong_currency'; END IF;
  v_to_real := floor(p_amount::numeric * v_round.bet_real_cents / v_round.bet_cents)::bigint;
  v_to_bonus := p_amount - v_to_real;
  v_ref := 'round:' || v_round.id;
  UPDATE game_rounds SET win_cents = p_amount, status = 'closed', closed_at = p_at, bet = p_bet, outcome = p_outcome, fair = p_fair
    WHERE id = v_round.id;
  -- A big win goes public; a round lost with bonus money moves nothing, so no transfer tells the
  -- bonus that its money may have run out: this event does.
  IF p_amount >= p_public_multiple * v_round.bet_cents OR (p_amount = 0 AND v_round.bet_bonus_cents > 0) THEN
    INSERT INTO outbox_events (topic, payload, created_at, available_at) VALUES ('games.round_closed', jsonb_build_object('roundId', v_round.id), p_at, p_at);
  END IF;
  SELECT coalesce(sum(balance), 0) INTO v_balance FROM ledger_accounts WHERE user_id = p_user AND currency = v_round.currency AND kind IN ('real', 'bonus');
  v_response := jsonb_build_object('status', 'ok', 'currency', v_round.currency, 'balance_cents', v_balance + p_amount, 'transaction_id', gen_random_uuid()::text);
  INSERT INTO provider_transactions (provider_id, external_id, kind, round_id, reference_external_id, amount_cents, real_cents, bonus_cents, payload_hash, response, created_at)
  VALUES (p_provider, p_external, 'win', v_round.id, p_reference, p_amount, v_to_real, v_to_bonus, p_hash, v_response, p_at);
  PERFORM ledger_move(v_key || ':real', 'win', v_ref, v_round.currency, v_to_real, NULL, 'bets', p_user, 'real', p_at);
  PERFORM ledger_move(v_key || ':bonus', 'win', v_ref, v_round.currency, v_to_bonus, NULL, 'bets', p_user, 'bonus', p_at);
  RETURN v_response;
END
$$;
