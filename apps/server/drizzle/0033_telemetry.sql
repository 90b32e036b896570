CREATE TABLE "player_affiliate_tags" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"stag" text NOT NULL,
	"partner_id" text,
	"source" text NOT NULL,
	"partner_approved" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "player_affiliate_tags_source" CHECK ("player_affiliate_tags"."source" in ('cookie', 'search', 'direct')),
	CONSTRAINT "player_affiliate_tags_stag" CHECK (char_length("player_affiliate_tags"."stag") between 1 and 64)
);
--> statement-breakpoint
CREATE TABLE "telemetry_address_windows" (
	"ip" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"calls" integer NOT NULL,
	CONSTRAINT "telemetry_address_windows_ip_window_start_pk" PRIMARY KEY("ip","window_start")
);
--> statement-breakpoint
CREATE TABLE "telemetry_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"payload" jsonb NOT NULL,
	"user_id" bigint,
	"visitor_key" text NOT NULL,
	"country" text,
	"agent_class" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "telemetry_events_kind" CHECK ("telemetry_events"."kind" in ('validation_error', 'utm', 'log', 'performance', 'network', 'analytics')),
	CONSTRAINT "telemetry_events_agent_class" CHECK ("telemetry_events"."agent_class" in ('desktop', 'mobile', 'tablet', 'unknown')),
	CONSTRAINT "telemetry_events_name" CHECK (char_length("telemetry_events"."name") between 1 and 64),
	CONSTRAINT "telemetry_events_payload_size" CHECK (octet_length("telemetry_events"."payload"::text) <= 8192)
);
--> statement-breakpoint
CREATE TABLE "telemetry_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "player_affiliate_tags_stag" ON "player_affiliate_tags" USING btree ("stag");--> statement-breakpoint
CREATE INDEX "telemetry_address_windows_start" ON "telemetry_address_windows" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "telemetry_events_created" ON "telemetry_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "telemetry_events_kind" ON "telemetry_events" USING btree ("kind","name","created_at");