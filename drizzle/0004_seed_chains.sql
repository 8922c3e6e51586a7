CREATE TABLE "seed_chains" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"commitment" text NOT NULL,
	"length" integer NOT NULL,
	"checkpoint_every" integer NOT NULL,
	"sealed_checkpoints" text NOT NULL,
	"client_seed" text,
	"client_seed_source" text NOT NULL,
	"client_seed_slot" bigint,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rounds" ADD COLUMN "chain_id" bigint;--> statement-breakpoint
ALTER TABLE "rounds" ADD COLUMN "chain_index" integer;--> statement-breakpoint
ALTER TABLE "rounds" ADD CONSTRAINT "rounds_chain_id_seed_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."seed_chains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rounds_chain_link_unique" ON "rounds" USING btree ("chain_id","chain_index");