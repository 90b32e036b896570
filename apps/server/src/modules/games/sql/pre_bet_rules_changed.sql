-- Raised in the transaction of any change to a table a pre-bet check reads (a trigger per table,
-- so that no code path can change a player's rules and leave a bet skipping the checks on the
-- strength of an older answer). A player without a row is at version 0.
CREATE OR REPLACE FUNCTION pre_bet_rules_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO pre_bet_rule_versions (user_id, version)
    SELECT DISTINCT user_id, 1 FROM changed_rows
  ON CONFLICT (user_id) DO UPDATE SET version = pre_bet_rule_versions.version + 1;
  RETURN NULL;
END
$$;
