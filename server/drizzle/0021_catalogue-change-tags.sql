ALTER TABLE "catalogue_version" ADD COLUMN "changed_tags" text[];--> statement-breakpoint
ALTER TABLE "catalogue_version" DROP COLUMN "stock_taken_from";