-- A bonus's wagering progress is updated after nearly every bet of its player; only its stage,
-- currency, max bet and games decide the pre-bet check. The statement trigger raised the player's
-- rules version at every update (and so sent every next bet of the player through the checks
-- again); this row trigger raises it only when one of those columns changed.
-- The function's text is kept in src/modules/games/sql/pre_bet_player_rules_changed.sql (applied
-- after the migrations); it is created here because the trigger needs it to exist.
CREATE FUNCTION pre_bet_player_rules_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO pre_bet_rule_versions (user_id, version)
    SELECT DISTINCT user_id, 1 FROM (VALUES (NEW.user_id), (OLD.user_id)) AS players (user_id)
    WHERE user_id IS NOT NULL
  ON CONFLICT (user_id) DO UPDATE SET version = pre_bet_rule_versions.version + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "player_bonuses_updated_pre_bet" ON "player_bonuses";
--> statement-breakpoint
CREATE TRIGGER "player_bonuses_rules_updated_pre_bet" AFTER UPDATE ON "player_bonuses" FOR EACH ROW
  WHEN (OLD.stage IS DISTINCT FROM NEW.stage OR OLD.currency IS DISTINCT FROM NEW.currency
    OR OLD.max_bet_cents IS DISTINCT FROM NEW.max_bet_cents OR OLD.games IS DISTINCT FROM NEW.games
    OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION pre_bet_player_rules_changed();
