CREATE TABLE "jackpot_carries" (
	"user_id" bigint NOT NULL,
	"level_id" integer NOT NULL,
	"carry_micro" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "jackpot_carries_pk" PRIMARY KEY("user_id","level_id")
);
--> statement-breakpoint
ALTER TABLE "jackpot_carries" ADD CONSTRAINT "jackpot_carries_level_id_jackpot_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."jackpot_levels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- jackpot_share takes the player (their carried part of a cent): the old signature goes first.
DROP FUNCTION IF EXISTS jackpot_share(text, text, bigint);