ALTER TABLE "saved_designs" ADD COLUMN "share_token" text;--> statement-breakpoint
ALTER TABLE "saved_designs" ADD CONSTRAINT "saved_designs_shareToken_unique" UNIQUE("share_token");