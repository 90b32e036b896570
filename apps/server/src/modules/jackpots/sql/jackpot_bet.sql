-- A jackpot game's bet feeds its levels in the player's shard of `jackpot_level_feeds`, and a
-- drawn hit is paid. A hit takes a lock of its jackpot first (two hits at once would each wait for
-- the other's feed rows), then the level's feed rows: it pays the level's amount with its feeds,
-- and starts it again from its seed, in the player's shard of the pool (a shard the bet already
-- holds).
CREATE OR REPLACE FUNCTION jackpot_bet(p_jackpot int, p_share bigint, p_share_real bigint, p_user bigint, p_user_name text, p_currency text,
  p_amount bigint, p_draw bigint, p_reference text, p_at timestamptz) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_hit int;
  v_level record;
  v_fed bigint;
  v_shards smallint[];
  v_amount bigint;
  v_win bigint;
BEGIN
  PERFORM ledger_move('jackpot:feed:' || p_reference || ':real', 'bet', p_reference, p_currency, p_share_real, p_user, 'real', NULL, 'jackpot_pool', p_at);
  PERFORM ledger_move('jackpot:feed:' || p_reference || ':bonus', 'bet', p_reference, p_currency, p_share - p_share_real, p_user, 'bonus', NULL, 'jackpot_pool', p_at);
  IF p_draw IS NOT NULL THEN
    -- Slices of hit_weight values laid out from 0, grand first.
    SELECT id INTO v_hit FROM (
      SELECT id, sum(hit_weight) OVER (ORDER BY position DESC, id) AS upto FROM jackpot_levels WHERE jackpot_id = p_jackpot
    ) l WHERE p_draw < upto ORDER BY upto LIMIT 1;
  END IF;
  IF v_hit IS NOT NULL THEN PERFORM pg_advisory_xact_lock(hashtext('jackpot.hit'), p_jackpot); END IF;
  -- Each level gets the whole cents of its share with the player's carried part of a cent (as
  -- jackpot_share counted them); the rest is carried to the player's next bet.
  IF p_share > 0 THEN
    INSERT INTO jackpot_level_feeds (level_id, shard, amount_cents)
      SELECT l.id, p_user % ledger_house_shards('jackpot_pool'), (coalesce(c.carry_micro, 0) + p_amount * l.contribution_bp) / 10000
        FROM jackpot_levels l LEFT JOIN jackpot_carries c ON c.level_id = l.id AND c.user_id = p_user
        WHERE l.jackpot_id = p_jackpot ORDER BY l.id
      ON CONFLICT (level_id, shard) DO UPDATE SET amount_cents = jackpot_level_feeds.amount_cents + excluded.amount_cents;
  END IF;
  IF p_amount > 0 THEN
    INSERT INTO jackpot_carries (user_id, level_id, carry_micro)
      SELECT p_user, l.id, (coalesce(c.carry_micro, 0) + p_amount * l.contribution_bp) % 10000
        FROM jackpot_levels l LEFT JOIN jackpot_carries c ON c.level_id = l.id AND c.user_id = p_user
        WHERE l.jackpot_id = p_jackpot ORDER BY l.id
      ON CONFLICT (user_id, level_id) DO UPDATE SET carry_micro = excluded.carry_micro;
  END IF;
  IF v_hit IS NULL THEN RETURN NULL; END IF;
  SELECT * INTO v_level FROM jackpot_levels WHERE id = v_hit FOR NO KEY UPDATE;
  -- Only the rows taken here are paid and emptied: a shard's first feed, inserted by a bet meanwhile,
  -- counts towards the level's next amount.
  SELECT coalesce(sum(f.amount_cents), 0), array_agg(f.shard) INTO v_fed, v_shards FROM (
    SELECT shard, amount_cents FROM jackpot_level_feeds WHERE level_id = v_hit ORDER BY shard FOR UPDATE
  ) f;
  v_amount := v_level.amount_cents + v_fed;
  IF v_amount <= 0 THEN RETURN NULL; END IF;
  PERFORM ledger_move('jackpot:hit:' || p_reference, 'jackpot', p_reference, p_currency, v_amount, NULL, 'jackpot_pool', p_user, 'real', p_at);
  UPDATE jackpot_level_feeds SET amount_cents = 0 WHERE level_id = v_hit AND shard = ANY (v_shards) AND amount_cents <> 0;
  UPDATE jackpot_levels SET amount_cents = seed_cents, resets = resets + 1 WHERE id = v_hit;
  PERFORM ledger_move('jackpot:seed:' || v_hit || ':' || (v_level.resets + 1), 'jackpot', 'jackpot_level:' || v_hit, p_currency, v_level.seed_cents,
    NULL, 'promotions', NULL, 'jackpot_pool', p_at, p_user);
  INSERT INTO jackpot_wins (level_id, user_id, user_name, round_reference, currency, amount_cents, created_at)
  VALUES (v_hit, p_user, p_user_name, p_reference, p_currency, v_amount, p_at) RETURNING id INTO v_win;
  INSERT INTO outbox_events (topic, payload, created_at, available_at) VALUES ('jackpots.won', jsonb_build_object('winId', v_win), p_at, p_at);
  RETURN jsonb_build_object('level', v_level.identifier, 'name', v_level.name, 'amount_cents', v_amount);
END
$$;
