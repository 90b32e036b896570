CREATE TABLE "support_conversations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"queue" text DEFAULT 'general' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL,
	"unread_by_player" integer DEFAULT 0 NOT NULL,
	"unread_by_operator" integer DEFAULT 0 NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" bigint,
	"close_reason" text,
	CONSTRAINT "support_conversations_status" CHECK ("support_conversations"."status" in ('open', 'closed')),
	CONSTRAINT "support_conversations_unread" CHECK ("support_conversations"."unread_by_player" >= 0 and "support_conversations"."unread_by_operator" >= 0)
);
--> statement-breakpoint
CREATE TABLE "support_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" bigint NOT NULL,
	"author" text NOT NULL,
	"operator_id" bigint,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "support_messages_author" CHECK (("support_messages"."author" = 'player' and "support_messages"."operator_id" is null) or ("support_messages"."author" = 'operator' and "support_messages"."operator_id" is not null)),
	CONSTRAINT "support_messages_body" CHECK (char_length("support_messages"."body") between 1 and 2000)
);
--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_conversation_id_support_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."support_conversations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "support_conversations_one_open" ON "support_conversations" USING btree ("user_id") WHERE "support_conversations"."status" = 'open';--> statement-breakpoint
CREATE INDEX "support_conversations_user" ON "support_conversations" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "support_conversations_inbox" ON "support_conversations" USING btree ("status","last_message_at");--> statement-breakpoint
CREATE INDEX "support_messages_conversation" ON "support_messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE INDEX "support_messages_recent" ON "support_messages" USING btree ("conversation_id","author","created_at");