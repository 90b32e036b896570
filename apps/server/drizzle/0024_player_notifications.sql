CREATE TABLE "player_notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"type" text NOT NULL,
	"source_key" text NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"identifier" text,
	"content" jsonb NOT NULL,
	"message_key" text,
	"message_params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "player_notifications_source" ON "player_notifications" USING btree ("player_id","source_key");--> statement-breakpoint
CREATE INDEX "player_notifications_player" ON "player_notifications" USING btree ("player_id","expires_at");--> statement-breakpoint
CREATE INDEX "player_notifications_created" ON "player_notifications" USING btree ("created_at");