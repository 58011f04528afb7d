CREATE TABLE "order_item_prints" (
	"order_item_id" uuid NOT NULL,
	"side" text NOT NULL,
	"print_job_id" uuid NOT NULL,
	CONSTRAINT "order_item_prints_order_item_id_side_pk" PRIMARY KEY("order_item_id","side")
);
--> statement-breakpoint
CREATE TABLE "print_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"print_key" text NOT NULL,
	"side" text NOT NULL,
	"area" jsonb NOT NULL,
	"layers" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"png" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "print_jobs_printKey_unique" UNIQUE("print_key")
);
--> statement-breakpoint
ALTER TABLE "order_item_prints" ADD CONSTRAINT "order_item_prints_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_prints" ADD CONSTRAINT "order_item_prints_print_job_id_print_jobs_id_fk" FOREIGN KEY ("print_job_id") REFERENCES "public"."print_jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_item_prints_job_idx" ON "order_item_prints" USING btree ("print_job_id");--> statement-breakpoint
CREATE INDEX "print_jobs_due_idx" ON "print_jobs" USING btree ("status","next_attempt_at");