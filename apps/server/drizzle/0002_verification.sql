CREATE TABLE "verification_documents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"storage_name" text NOT NULL,
	"original_name" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "verification_documents_storage_name_unique" UNIQUE("storage_name"),
	CONSTRAINT "verification_documents_kind" CHECK ("verification_documents"."kind" in ('identity', 'address', 'payment_method')),
	CONSTRAINT "verification_documents_status" CHECK ("verification_documents"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE INDEX "verification_documents_user_created" ON "verification_documents" USING btree ("user_id","created_at");