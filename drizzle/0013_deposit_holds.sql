ALTER TABLE "deposit_intents" DROP CONSTRAINT "deposit_intents_status_known";--> statement-breakpoint
ALTER TABLE "deposit_intents" ADD COLUMN "return_signature" text;--> statement-breakpoint
ALTER TABLE "deposit_intents" ADD COLUMN "return_wire" text;--> statement-breakpoint
ALTER TABLE "deposit_intents" ADD COLUMN "return_last_valid_block_height" bigint;--> statement-breakpoint
ALTER TABLE "deposit_intents" ADD CONSTRAINT "deposit_intents_return_signature_unique" UNIQUE("return_signature");--> statement-breakpoint
ALTER TABLE "deposit_intents" ADD CONSTRAINT "deposit_intents_status_known" CHECK ("deposit_intents"."status" in ('pending', 'credited', 'failed', 'held', 'returned'));