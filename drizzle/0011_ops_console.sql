CREATE TABLE "sign_ins" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"address" text NOT NULL,
	"at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maintenance" (
	"id" integer PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"since" bigint NOT NULL,
	"by" text NOT NULL,
	CONSTRAINT "maintenance_one_row" CHECK ("maintenance"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"totp_secret" text NOT NULL,
	"role" text NOT NULL,
	"created_at" bigint NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"last_totp_step" bigint,
	CONSTRAINT "operators_email_unique" UNIQUE("email"),
	CONSTRAINT "operators_role_known" CHECK ("operators"."role" in ('viewer', 'admin'))
);
--> statement-breakpoint
CREATE TABLE "ops_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"target" text,
	"reason" text,
	"before" jsonb,
	"after" jsonb,
	"address" text,
	"at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ops_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"operator_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"revoked_at" bigint,
	CONSTRAINT "ops_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "withdrawal_approvals" (
	"withdrawal_id" bigint NOT NULL,
	"operator_id" bigint NOT NULL,
	"at" bigint NOT NULL,
	CONSTRAINT "withdrawal_approvals_withdrawal_id_operator_id_pk" PRIMARY KEY("withdrawal_id","operator_id")
);
--> statement-breakpoint
ALTER TABLE "withdrawals" DROP CONSTRAINT "withdrawals_status_known";--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "blocked_reason" text;--> statement-breakpoint
ALTER TABLE "sign_ins" ADD CONSTRAINT "sign_ins_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ops_sessions" ADD CONSTRAINT "ops_sessions_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_approvals" ADD CONSTRAINT "withdrawal_approvals_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_approvals" ADD CONSTRAINT "withdrawal_approvals_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_ins_account_idx" ON "sign_ins" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "ops_audit_actor_idx" ON "ops_audit" USING btree ("actor","id");--> statement-breakpoint
CREATE INDEX "ops_audit_action_idx" ON "ops_audit" USING btree ("action","id");--> statement-breakpoint
CREATE INDEX "ops_audit_target_idx" ON "ops_audit" USING btree ("target","id");--> statement-breakpoint
CREATE INDEX "ops_sessions_expires_idx" ON "ops_sessions" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_status_known" CHECK ("withdrawals"."status" in ('review', 'pending', 'confirmed', 'failed'));