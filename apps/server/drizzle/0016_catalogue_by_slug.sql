DROP TABLE "collections" CASCADE;--> statement-breakpoint
DROP TABLE "game_collections" CASCADE;--> statement-breakpoint
ALTER TABLE "providers" DROP CONSTRAINT "providers_slug_unique";--> statement-breakpoint
ALTER TABLE "providers" DROP COLUMN "slug";