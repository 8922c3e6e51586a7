CREATE TABLE "exclusions" (
	"account_id" bigint PRIMARY KEY NOT NULL,
	"until" bigint,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_limits" (
	"account_id" bigint NOT NULL,
	"name" text NOT NULL,
	"amount" bigint,
	"pending_amount" bigint,
	"pending_at" bigint,
	CONSTRAINT "player_limits_account_id_name_pk" PRIMARY KEY("account_id","name")
);
--> statement-breakpoint
CREATE TABLE "reality_checks" (
	"account_id" bigint PRIMARY KEY NOT NULL,
	"minutes" integer NOT NULL,
	CONSTRAINT "reality_checks_minutes" CHECK ("reality_checks"."minutes" IN (0, 15, 30, 60))
);
--> statement-breakpoint
ALTER TABLE "rounds" ADD COLUMN "bankroll" bigint;--> statement-breakpoint
ALTER TABLE "rounds" ADD COLUMN "max_bet_profit" bigint;--> statement-breakpoint
ALTER TABLE "rounds" ADD COLUMN "max_round_profit" bigint;--> statement-breakpoint
ALTER TABLE "rounds" ADD COLUMN "limit_rate" integer;--> statement-breakpoint
ALTER TABLE "exclusions" ADD CONSTRAINT "exclusions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_limits" ADD CONSTRAINT "player_limits_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reality_checks" ADD CONSTRAINT "reality_checks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;