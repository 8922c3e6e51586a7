CREATE TABLE "manual_credits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"hundredths" bigint NOT NULL,
	"reason" text NOT NULL,
	"requested_by" bigint NOT NULL,
	"requested_at" bigint NOT NULL,
	"status" text NOT NULL,
	"decided_by" bigint,
	"decided_at" bigint,
	"decision_reason" text,
	"audit_id" bigint,
	CONSTRAINT "manual_credits_status_known" CHECK ("manual_credits"."status" in ('held', 'applied', 'rejected')),
	CONSTRAINT "manual_credits_amount_positive" CHECK ("manual_credits"."hundredths" > 0)
);
--> statement-breakpoint
ALTER TABLE "deposit_intents" DROP CONSTRAINT "deposit_intents_status_known";--> statement-breakpoint
ALTER TABLE "deposit_intents" ADD COLUMN "return_signature" text;--> statement-breakpoint
ALTER TABLE "deposit_intents" ADD COLUMN "return_wire" text;--> statement-breakpoint
ALTER TABLE "deposit_intents" ADD COLUMN "return_last_valid_block_height" bigint;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "manual_credits" ADD CONSTRAINT "manual_credits_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_credits" ADD CONSTRAINT "manual_credits_requested_by_operators_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_credits" ADD CONSTRAINT "manual_credits_decided_by_operators_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "manual_credits_account_idx" ON "manual_credits" USING btree ("account_id","decided_at");--> statement-breakpoint
CREATE INDEX "manual_credits_requester_idx" ON "manual_credits" USING btree ("requested_by","requested_at");--> statement-breakpoint
CREATE INDEX "manual_credits_status_idx" ON "manual_credits" USING btree ("status");--> statement-breakpoint
ALTER TABLE "deposit_intents" ADD CONSTRAINT "deposit_intents_return_signature_unique" UNIQUE("return_signature");--> statement-breakpoint
ALTER TABLE "deposit_intents" ADD CONSTRAINT "deposit_intents_status_known" CHECK ("deposit_intents"."status" in ('pending', 'credited', 'failed', 'held', 'returned'));