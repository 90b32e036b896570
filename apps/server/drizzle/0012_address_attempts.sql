CREATE TABLE "address_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"ip" text NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "address_attempts_ip" ON "address_attempts" USING btree ("ip","action","attempted_at");