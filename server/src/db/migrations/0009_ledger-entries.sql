ALTER TABLE "transactions" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "request_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_agreement_key_unique" ON "transactions" USING btree ("agreement_id","idempotency_key");