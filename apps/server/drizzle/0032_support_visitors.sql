CREATE TABLE "support_address_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"ip" text NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "support_address_attempts_action" CHECK ("support_address_attempts"."action" in ('visitor_conversation', 'contact_message', 'restore_id'))
);
--> statement-breakpoint
DROP INDEX "support_conversations_one_open";--> statement-breakpoint
ALTER TABLE "support_conversations" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD COLUMN "party" text DEFAULT 'player' NOT NULL;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD COLUMN "visitor_key" text;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD COLUMN "line" text DEFAULT 'first' NOT NULL;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD COLUMN "contact_name" text;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD COLUMN "contact_subject" text;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD COLUMN "locale" text;--> statement-breakpoint
CREATE INDEX "support_address_attempts_ip" ON "support_address_attempts" USING btree ("ip","action","attempted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "support_conversations_one_open_visitor" ON "support_conversations" USING btree ("visitor_key") WHERE "support_conversations"."status" = 'open';--> statement-breakpoint
CREATE INDEX "support_conversations_visitor" ON "support_conversations" USING btree ("visitor_key","id");--> statement-breakpoint
CREATE UNIQUE INDEX "support_conversations_one_open" ON "support_conversations" USING btree ("user_id") WHERE "support_conversations"."status" = 'open' and "support_conversations"."party" = 'player';--> statement-breakpoint
ALTER TABLE "support_conversations" ADD CONSTRAINT "support_conversations_line" CHECK ("support_conversations"."line" in ('first', 'second'));--> statement-breakpoint
ALTER TABLE "support_conversations" ADD CONSTRAINT "support_conversations_party" CHECK (("support_conversations"."party" = 'player' and "support_conversations"."user_id" is not null and "support_conversations"."visitor_key" is null) or ("support_conversations"."party" = 'visitor' and "support_conversations"."visitor_key" is not null and "support_conversations"."user_id" is null) or ("support_conversations"."party" = 'contact' and "support_conversations"."contact_email" is not null and "support_conversations"."visitor_key" is null));