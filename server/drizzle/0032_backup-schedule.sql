CREATE TABLE "backup_schedule" (
	"id" integer PRIMARY KEY NOT NULL,
	"last_backup_at" timestamp with time zone
);
--> statement-breakpoint
-- The one row every process locks before deciding whether a scheduled backup is due.
INSERT INTO "backup_schedule" ("id") VALUES (1) ON CONFLICT ("id") DO NOTHING;
