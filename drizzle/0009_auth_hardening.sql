CREATE TABLE "password_failures" (
	"login" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"locked_until" bigint NOT NULL,
	"last_failed_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "used_by" text;--> statement-breakpoint
CREATE INDEX "password_failures_last_idx" ON "password_failures" USING btree ("last_failed_at");