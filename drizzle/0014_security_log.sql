CREATE TABLE "security_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"operator_id" bigint,
	"email_hash" text,
	"detail" text NOT NULL,
	"address" text NOT NULL,
	"at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "security_log" ADD CONSTRAINT "security_log_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "security_log_at_idx" ON "security_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "security_log_operator_idx" ON "security_log" USING btree ("operator_id","id");