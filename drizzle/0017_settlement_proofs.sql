-- Proof of settlement (docs/provably-fair.md "Settlement roots"): round roots, their anchors on the chain, the
-- receipt keys' public halves, and what each cash-out by hand saw. Written beside the money tables, never by the money SQL.
CREATE TABLE "cash_out_presses" (
	"bet_id" bigint PRIMARY KEY NOT NULL,
	"seen_rate" integer,
	"accepted_rate" integer,
	"received_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipt_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"valid_from" bigint NOT NULL,
	"valid_until" bigint
);
--> statement-breakpoint
CREATE TABLE "settlement_anchors" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"from_round" bigint NOT NULL,
	"to_round" bigint NOT NULL,
	"root" text NOT NULL,
	"rounds" integer NOT NULL,
	"memo" text NOT NULL,
	"signature" text NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settlement_roots" (
	"round_id" bigint PRIMARY KEY NOT NULL,
	"root" text NOT NULL,
	"tree_size" integer NOT NULL,
	"leaf_hashes" text NOT NULL,
	"computed_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cash_out_presses" ADD CONSTRAINT "cash_out_presses_bet_id_bets_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."bets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_roots" ADD CONSTRAINT "settlement_roots_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cash_out_presses_received_idx" ON "cash_out_presses" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "settlement_anchors_to_idx" ON "settlement_anchors" USING btree ("to_round");