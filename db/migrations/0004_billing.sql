CREATE TABLE "billing_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"transaction_id" integer,
	"subscription_id" integer,
	"kind" text NOT NULL,
	"cause" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_domains" (
	"plan_id" integer NOT NULL,
	"domain_id" integer NOT NULL,
	CONSTRAINT "plan_domains_plan_id_domain_id_pk" PRIMARY KEY("plan_id","domain_id")
);
--> statement-breakpoint
CREATE TABLE "subscription_plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscription_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"yearly_price_cents" integer,
	"interval_type" text DEFAULT 'monthly' NOT NULL,
	"max_link_pages" integer,
	"max_shortened_urls" integer,
	"max_clicks_per_month" integer,
	"custom_domains" boolean DEFAULT false NOT NULL,
	"premium_domains" boolean DEFAULT false NOT NULL,
	"priority_support" boolean DEFAULT false NOT NULL,
	"analytics_retention_days" integer DEFAULT 30 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"plan_name" text NOT NULL,
	"transaction_type" text NOT NULL,
	"interval_type" text DEFAULT 'monthly' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount_cents" integer NOT NULL,
	"credit_cents" integer DEFAULT 0 NOT NULL,
	"provider" text NOT NULL,
	"provider_checkout_id" text,
	"provider_payment_id" text,
	"provider_status" text,
	"provider_status_detail" text,
	"payment_method" text,
	"payment_details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"subscription_start" timestamp with time zone,
	"subscription_end" timestamp with time zone,
	"refund_id" text,
	"refunded_cents" integer,
	"refund_reason" text,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"status" text NOT NULL,
	"interval_type" text DEFAULT 'monthly' NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"scheduled_plan_id" integer,
	"scheduled_interval_type" text,
	"scheduled_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "custom_max_link_pages" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "custom_max_shortened_urls" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "custom_max_clicks_per_month" integer;--> statement-breakpoint
ALTER TABLE "billing_events" ADD CONSTRAINT "billing_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_events" ADD CONSTRAINT "billing_events_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_events" ADD CONSTRAINT "billing_events_subscription_id_user_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."user_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_domains" ADD CONSTRAINT "plan_domains_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_domains" ADD CONSTRAINT "plan_domains_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD CONSTRAINT "user_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD CONSTRAINT "user_subscriptions_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD CONSTRAINT "user_subscriptions_scheduled_plan_id_subscription_plans_id_fk" FOREIGN KEY ("scheduled_plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_events_transaction_idx" ON "billing_events" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_provider_payment_key" ON "transactions" USING btree ("provider","provider_payment_id") WHERE "transactions"."provider_payment_id" is not null;--> statement-breakpoint
CREATE INDEX "transactions_user_idx" ON "transactions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "transactions_created_idx" ON "transactions" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_subscriptions_one_current" ON "user_subscriptions" USING btree ("user_id") WHERE "user_subscriptions"."status" in ('active', 'canceled');--> statement-breakpoint
CREATE INDEX "user_subscriptions_expiry_idx" ON "user_subscriptions" USING btree ("status","expires_at");--> statement-breakpoint
-- The plans a fresh database starts with (README, "Plans"); the administrator edits them later.
INSERT INTO "subscription_plans" ("name", "description", "price_cents", "yearly_price_cents", "max_link_pages", "max_shortened_urls", "max_clicks_per_month", "custom_domains", "premium_domains", "priority_support", "analytics_retention_days") VALUES
  ('Gratuito', 'Para começar: sua Link Bio e seus primeiros links curtos.', 0, NULL, 3, 50, 5000, false, false, false, 30),
  ('Pro', 'Para criadores e pequenos negócios que querem crescer.', 1990, 19104, 20, 1000, 100000, true, false, false, 365),
  ('Business', 'Para marcas e equipes com muitas campanhas.', 4990, 47904, 100, 10000, 1000000, true, true, true, 730),
  ('Enterprise', 'Para operações grandes: sem limites e com atendimento prioritário.', 14990, 143904, NULL, NULL, NULL, true, true, true, 1825);
