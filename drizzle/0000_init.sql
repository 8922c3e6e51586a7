CREATE TABLE "rounds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"hash" text NOT NULL,
	"full_rate" double precision NOT NULL,
	"salt" text NOT NULL,
	"rate_hundredths" integer,
	"created_at" bigint NOT NULL,
	"starts_at" bigint NOT NULL,
	"started_at" bigint,
	"ended_at" bigint
);
--> statement-breakpoint
CREATE INDEX "rounds_state_idx" ON "rounds" USING btree ("state");--> statement-breakpoint
CREATE INDEX "rounds_ended_at_idx" ON "rounds" USING btree ("ended_at");