CREATE TABLE "deposit_intents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"deposit_id" text NOT NULL,
	"account_id" bigint NOT NULL,
	"lamports" bigint NOT NULL,
	"hundredths" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"signature" text,
	"last_valid_block_height" bigint,
	"fail_reason" text,
	"created_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"settled_at" bigint,
	CONSTRAINT "deposit_intents_deposit_id_unique" UNIQUE("deposit_id"),
	CONSTRAINT "deposit_intents_signature_unique" UNIQUE("signature"),
	CONSTRAINT "deposit_intents_status_known" CHECK ("deposit_intents"."status" in ('pending', 'credited', 'failed')),
	CONSTRAINT "deposit_intents_amount_positive" CHECK ("deposit_intents"."lamports" > 0 and "deposit_intents"."hundredths" > 0)
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"wallet" text NOT NULL,
	"lamports" bigint NOT NULL,
	"hundredths" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"signature" text,
	"wire" text,
	"blockhash" text,
	"last_valid_block_height" bigint,
	"fail_reason" text,
	"created_at" bigint NOT NULL,
	"settled_at" bigint,
	CONSTRAINT "withdrawals_signature_unique" UNIQUE("signature"),
	CONSTRAINT "withdrawals_status_known" CHECK ("withdrawals"."status" in ('pending', 'confirmed', 'failed')),
	CONSTRAINT "withdrawals_amount_positive" CHECK ("withdrawals"."lamports" > 0 and "withdrawals"."hundredths" > 0)
);
--> statement-breakpoint
ALTER TABLE "deposit_intents" ADD CONSTRAINT "deposit_intents_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposit_intents_account_idx" ON "deposit_intents" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "deposit_intents_status_idx" ON "deposit_intents" USING btree ("status");--> statement-breakpoint
CREATE INDEX "withdrawals_account_idx" ON "withdrawals" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status");