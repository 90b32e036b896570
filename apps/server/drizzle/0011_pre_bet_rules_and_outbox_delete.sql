CREATE TABLE "pre_bet_rule_versions" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Raised in the transaction of any change to a table a pre-bet check reads (a trigger per table,
-- so that no code path can change a player's rules and leave a bet skipping the checks on the
-- strength of an older answer). A player without a row is at version 0.
CREATE FUNCTION pre_bet_rules_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO pre_bet_rule_versions (user_id, version)
    SELECT DISTINCT user_id, 1 FROM changed_rows
  ON CONFLICT (user_id) DO UPDATE SET version = pre_bet_rule_versions.version + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Raised by a bet cleared at a rules version that has moved since (the platform checks it again).
CREATE FUNCTION pre_bet_rules_moved() RETURNS jsonb
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'OR109', MESSAGE = 'pre_bet_rules_moved';
END
$$;
--> statement-breakpoint
-- The responsible-gambling limits (module limits): set, changed, removed, ended. One trigger per
-- event, as a transition table can only serve one.
CREATE TRIGGER "user_limits_inserted_pre_bet" AFTER INSERT ON "user_limits" REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pre_bet_rules_changed();
--> statement-breakpoint
CREATE TRIGGER "user_limits_updated_pre_bet" AFTER UPDATE ON "user_limits" REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pre_bet_rules_changed();
--> statement-breakpoint
CREATE TRIGGER "user_limits_deleted_pre_bet" AFTER DELETE ON "user_limits" REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pre_bet_rules_changed();
--> statement-breakpoint
-- Outbox events are deleted when delivered (they were marked and kept, and the table grew with
-- every transfer): what happened stays in the ledger and the domain tables.
DELETE FROM "outbox_events" WHERE "processed_at" IS NOT NULL;
--> statement-breakpoint
DROP INDEX "outbox_events_pending";--> statement-breakpoint
CREATE INDEX "outbox_events_due" ON "outbox_events" USING btree ("available_at","id");--> statement-breakpoint
ALTER TABLE "outbox_events" DROP COLUMN "processed_at";
