CREATE TABLE "razorpay_webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "razorpay_order_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "razorpay_key_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "online_method" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_reminder_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_razorpayOrderId_unique" UNIQUE("razorpay_order_id");