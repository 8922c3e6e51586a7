CREATE INDEX "bets_open_idx" ON "bets" USING btree ("account_id","round_id") WHERE "bets"."status" = 'CREATED';
-- The betting functions this migration once created are not part of the baseline: their one source
-- is src/server/betting/*.sql, which the server applies after the migrations on every start
-- (migrations change tables only). A database migrated before this was cut has the old versions,
-- which that apply replaces.
