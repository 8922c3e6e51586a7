CREATE TABLE "house_accounts" (
	"id" bigint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"about" text NOT NULL,
	CONSTRAINT "house_accounts_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "house_balances" (
	"account_id" bigint NOT NULL,
	"stripe" integer NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "house_balances_account_id_stripe_pk" PRIMARY KEY("account_id","stripe")
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "balance_after" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "house_account" bigint;--> statement-breakpoint
-- The house accounts as this migration knew them (src/server/betting/transferKinds.ts lists them;
-- every start writes that list, its stripes included).
INSERT INTO "house_accounts" ("id", "name", "about") VALUES
  (-1, 'house_wallet', 'the house wallet'),
  (-2, 'game', 'stakes in; wins, cancels and refunds out'),
  (-3, 'withdrawals', 'withdrawals in transit'),
  (-4, 'manual', 'operators'' credits and debits');--> statement-breakpoint
-- The opening entry: every row of the single-entry ledger gets its house side, which its kind
-- names (a kind this does not know stops the migration at SET NOT NULL below) ...
UPDATE "ledger_entries" SET "house_account" = CASE "kind"
  WHEN 'deposit' THEN -1
  WHEN 'bet' THEN -2 WHEN 'cancel' THEN -2 WHEN 'win' THEN -2 WHEN 'void_refund' THEN -2
  WHEN 'withdraw_hold' THEN -3 WHEN 'withdraw_release' THEN -3
  WHEN 'manual' THEN -4 END;--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "house_account" SET NOT NULL;--> statement-breakpoint
-- ... every confirmed withdrawal, which the single-entry ledger did not book, its payment out of
-- the withdrawals in transit ...
INSERT INTO "ledger_entries" ("account_id", "delta", "balance_after", "house_account", "kind", "ref", "created_at")
  SELECT -1, "hundredths", NULL, -3, 'withdraw_paid', "id"::text, COALESCE("settled_at", "created_at")
  FROM "withdrawals" WHERE "status" = 'confirmed' ORDER BY "id";--> statement-breakpoint
-- ... and the house accounts' balances, summed from those rows, in the stripes of the players'
-- ids modulo 16. With the players' balances they sum to zero when every balance equals its ledger.
INSERT INTO "house_balances" ("account_id", "stripe", "balance")
  SELECT "account", "stripe", sum("amount") FROM (
    SELECT "house_account" AS "account", CASE WHEN "account_id" > 0 THEN "account_id" % 16 ELSE 0 END AS "stripe",
           -"delta" AS "amount" FROM "ledger_entries"
    UNION ALL
    SELECT "account_id", 0, "delta" FROM "ledger_entries" WHERE "account_id" < 0
  ) "sides" GROUP BY "account", "stripe";--> statement-breakpoint
CREATE INDEX "ledger_entries_house_idx" ON "ledger_entries" USING btree ("house_account","created_at");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_house_side" CHECK ("ledger_entries"."house_account" < 0);