-- The row-level twin of pre_bet_rules_changed(): for a table whose rows change often in ways no
-- pre-bet check reads (a bonus's wagering progress), its trigger fires only when a column a check
-- reads changed (the trigger's WHEN), and raises the version of that row's player.
CREATE OR REPLACE FUNCTION pre_bet_player_rules_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO pre_bet_rule_versions (user_id, version)
    SELECT DISTINCT user_id, 1 FROM (VALUES (NEW.user_id), (OLD.user_id)) AS players (user_id)
    WHERE user_id IS NOT NULL
  ON CONFLICT (user_id) DO UPDATE SET version = pre_bet_rule_versions.version + 1;
  RETURN NULL;
END
$$;
