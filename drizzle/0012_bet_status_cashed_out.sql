-- A cash-out is stored as what it is: CASHED_OUT, not the wire's REFUNDED (docs/glossary.md), which
-- the server still sends (src/server/betting/betRows.ts `toBet`). The CHECK keeps the old name, or
-- any other, from being written again.
UPDATE "bets" SET "status" = 'CASHED_OUT' WHERE "status" = 'REFUNDED';--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_status_known" CHECK ("bets"."status" in ('CREATED', 'CASHED_OUT', 'CANCELED', 'VOID'));
