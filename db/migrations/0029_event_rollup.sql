ALTER TABLE "click_batches" ADD COLUMN "seq" bigint;--> statement-breakpoint
ALTER TABLE "click_batches" ADD COLUMN "rows" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "click_batches" ADD COLUMN "rolled_up" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "click_batches_pending_idx" ON "click_batches" USING btree ("seq") WHERE not "click_batches"."rolled_up";--> statement-breakpoint
-- A batch's events are the ids seq * 65536 + 1 … + rows: from 2^36, above any identity value.
CREATE SEQUENCE "click_batch_seq" START WITH 1048576;
