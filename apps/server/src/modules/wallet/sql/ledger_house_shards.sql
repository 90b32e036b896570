-- How many shards each house account kind has. Every bet and win moved money to or from the
-- one `bets` row of its currency (and every bet of a jackpot game into the one `jackpot_pool`
-- row), each held until its transaction committed, so bets sent at once waited in line for it. A
-- transfer with a player uses the house shard of the player's id; the house's balance of a kind
-- is the sum of its shards. Lock order: the player's accounts, then the house's (by id), jackpot
-- feeds, jackpot levels (hits only), promotions.
CREATE OR REPLACE FUNCTION ledger_house_shards(p_kind text) RETURNS int
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_kind IN ('bets', 'jackpot_pool') THEN 16 ELSE 1 END
$$;
