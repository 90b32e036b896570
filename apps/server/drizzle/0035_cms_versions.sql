CREATE TABLE "cms_translations" (
	"locale" text NOT NULL,
	"key" text NOT NULL,
	"text" text NOT NULL,
	CONSTRAINT "cms_translations_locale_key_pk" PRIMARY KEY("locale","key")
);
--> statement-breakpoint
CREATE TABLE "cms_versions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"entity_key" text NOT NULL,
	"version" integer NOT NULL,
	"document" jsonb,
	"operator_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cms_versions_entity_version" UNIQUE("kind","entity_key","version"),
	CONSTRAINT "cms_versions_kind" CHECK ("cms_versions"."kind" in ('page', 'snippet', 'banner', 'fe_config', 'translation')),
	CONSTRAINT "cms_versions_version_positive" CHECK ("cms_versions"."version" > 0)
);
