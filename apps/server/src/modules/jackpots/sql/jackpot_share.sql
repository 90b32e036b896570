-- What a bet of `p_amount` feeds a jackpot's levels together, in whole cents: per level its
-- contribution (basis points of the bet) plus the player's carried part of a cent
-- (`jackpot_carries`), rounded down; `jackpot_bet` keeps the rest for the next bet. In PL/pgSQL
-- (plans kept per connection).
CREATE OR REPLACE FUNCTION jackpot_share(p_currency text, p_game text, p_amount bigint, p_user bigint, OUT jackpot_id int, OUT share bigint)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  SELECT j.id INTO jackpot_id FROM jackpots j WHERE j.currency = p_currency AND j.enabled AND p_game = ANY (j.games) ORDER BY j.id LIMIT 1;
  IF jackpot_id IS NULL THEN share := 0; RETURN; END IF;
  SELECT coalesce(sum((coalesce(c.carry_micro, 0) + p_amount * l.contribution_bp) / 10000), 0)::bigint INTO share
    FROM jackpot_levels l LEFT JOIN jackpot_carries c ON c.level_id = l.id AND c.user_id = p_user
    WHERE l.jackpot_id = jackpot_share.jackpot_id;
END
$$;
