CREATE TABLE "business_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"legal_name" text DEFAULT '' NOT NULL,
	"trade_name" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"state_code" text,
	"gstin" text,
	"invoice_prefix" text DEFAULT 'TC' NOT NULL,
	"apparel_threshold_paise" integer DEFAULT 250000 NOT NULL,
	"low_rate_basis_points" integer DEFAULT 500 NOT NULL,
	"high_rate_basis_points" integer DEFAULT 1800 NOT NULL,
	"gift_wrap_hsn" text DEFAULT '998599' NOT NULL,
	"gift_wrap_rate_basis_points" integer DEFAULT 1800 NOT NULL,
	"cod_fee_hsn" text DEFAULT '996812' NOT NULL,
	"cod_fee_rate_basis_points" integer DEFAULT 1800 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_settings_one_row" CHECK ("business_settings"."id" = 1),
	CONSTRAINT "business_settings_gstin_in_state" CHECK ("business_settings"."gstin" IS NULL OR left("business_settings"."gstin", 2) = "business_settings"."state_code"),
	CONSTRAINT "business_settings_rates_ordered" CHECK (0 <= "business_settings"."low_rate_basis_points" AND "business_settings"."low_rate_basis_points" < "business_settings"."high_rate_basis_points")
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "state_code" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hsn" text DEFAULT '6109' NOT NULL;--> statement-breakpoint
-- The one row of the owner's business details and tax settings: no GSTIN yet, the default rates.
INSERT INTO "business_settings" ("id") VALUES (1) ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
-- Each product takes its category's HSN code (contract DEFAULT_HSN_BY_CATEGORY; 6109 otherwise, the column's default).
UPDATE "products" SET "hsn" = CASE
  WHEN lower(btrim("category")) IN ('polo shirts') THEN '6105'
  WHEN lower(btrim("category")) IN ('shirts') THEN '6205'
  WHEN lower(btrim("category")) IN ('sweatshirts', 'hoodies') THEN '6110'
  WHEN lower(btrim("category")) IN ('jackets') THEN '6201'
  WHEN lower(btrim("category")) IN ('joggers', 'shorts') THEN '6103'
  WHEN lower(btrim("category")) IN ('caps', 'hats') THEN '6505'
  WHEN lower(btrim("category")) IN ('socks') THEN '6115'
END
WHERE lower(btrim("category")) IN ('polo shirts', 'shirts', 'sweatshirts', 'hoodies', 'jackets', 'joggers', 'shorts', 'caps', 'hats', 'socks');
