CREATE TABLE "job_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"locked_until" timestamp with time zone NOT NULL,
	"holder" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "credit_subscription_id" integer;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "list_price_cents" integer;