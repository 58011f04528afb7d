CREATE TABLE "low_stock_alerts" (
	"id" integer PRIMARY KEY NOT NULL,
	"threshold" integer DEFAULT 5 NOT NULL,
	"last_sent_day" date,
	"last_checked_at" timestamp with time zone,
	CONSTRAINT "low_stock_alerts_one_row" CHECK ("low_stock_alerts"."id" = 1),
	CONSTRAINT "low_stock_alerts_threshold_range" CHECK ("low_stock_alerts"."threshold" >= 0)
);
--> statement-breakpoint
-- The one row every process locks before deciding whether the day's low-stock email is due.
INSERT INTO "low_stock_alerts" ("id") VALUES (1) ON CONFLICT ("id") DO NOTHING;
