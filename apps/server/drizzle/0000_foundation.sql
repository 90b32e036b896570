CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"locale" text NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"groups" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"logged" boolean,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"position" integer DEFAULT 0 NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "banners_identifier_locale" UNIQUE("identifier","locale")
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"default_currency" text,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fe_configs" (
	"name" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"locale" text,
	"content_type" text NOT NULL,
	"body" text NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "files_name_locale" UNIQUE NULLS NOT DISTINCT("name","locale")
);
--> statement-breakpoint
CREATE TABLE "locales" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"complete" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "snippets" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"locale" text NOT NULL,
	"content" text NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "snippets_key_locale" UNIQUE("key","locale")
);
--> statement-breakpoint
CREATE TABLE "static_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"licence" text,
	"locale" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"blocks" jsonb NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "static_pages_slug_licence_locale" UNIQUE NULLS NOT DISTINCT("slug","licence","locale")
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "categories_identifier_unique" UNIQUE("identifier")
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"id" serial PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"title" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "collections_identifier_unique" UNIQUE("identifier")
);
--> statement-breakpoint
CREATE TABLE "game_categories" (
	"game_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "game_categories_game_id_category_id_pk" PRIMARY KEY("game_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "game_collections" (
	"collection_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "game_collections_collection_id_game_id_pk" PRIMARY KEY("collection_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" serial PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"provider_id" integer NOT NULL,
	"title" text NOT NULL,
	"seo_title" text NOT NULL,
	"description" text,
	"lines" integer,
	"ways" integer,
	"volatility_rating" text,
	"payout" numeric(5, 2),
	"has_demo_mode" boolean DEFAULT false NOT NULL,
	"devices" text[] DEFAULT '{desktop,mobile}'::text[] NOT NULL,
	"currencies" text[] DEFAULT '{}'::text[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"popularity" integer DEFAULT 0 NOT NULL,
	"released_at" timestamp with time zone,
	"badges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"jackpot" boolean DEFAULT false NOT NULL,
	CONSTRAINT "games_identifier_unique" UNIQUE("identifier"),
	CONSTRAINT "games_provider_seo_title" UNIQUE("provider_id","seo_title")
);
--> statement-breakpoint
CREATE TABLE "providers" (
	"id" serial PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"launchable" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "providers_identifier_unique" UNIQUE("identifier"),
	CONSTRAINT "providers_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"symbol" text NOT NULL,
	"subunits_to_unit" integer NOT NULL,
	"fiat" boolean NOT NULL,
	"signup" boolean DEFAULT false NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "game_categories" ADD CONSTRAINT "game_categories_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_categories" ADD CONSTRAINT "game_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_collections" ADD CONSTRAINT "game_collections_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_collections" ADD CONSTRAINT "game_collections_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banners_locale_position" ON "banners" USING btree ("locale","position");--> statement-breakpoint
CREATE INDEX "game_categories_category" ON "game_categories" USING btree ("category_id","position");--> statement-breakpoint
CREATE INDEX "games_enabled_position" ON "games" USING btree ("enabled","position");--> statement-breakpoint
CREATE INDEX "games_seo_title" ON "games" USING btree ("seo_title");