CREATE TABLE "chat_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"room" text NOT NULL,
	"account_id" bigint NOT NULL,
	"text" text NOT NULL,
	"share_bet_id" bigint,
	"at" bigint NOT NULL,
	"shadow" boolean DEFAULT false NOT NULL,
	"deleted_at" bigint,
	"deleted_by" text
);
--> statement-breakpoint
CREATE TABLE "chat_mutes" (
	"account_id" bigint PRIMARY KEY NOT NULL,
	"until" bigint NOT NULL,
	"reason" text NOT NULL,
	"shadow" boolean NOT NULL,
	"by" text NOT NULL,
	"at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message_id" bigint NOT NULL,
	"reporter_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"at" bigint NOT NULL,
	CONSTRAINT "chat_reports_once" UNIQUE("message_id","reporter_id")
);
--> statement-breakpoint
CREATE TABLE "chat_rooms" (
	"room" text PRIMARY KEY NOT NULL,
	"slow_seconds" integer NOT NULL,
	CONSTRAINT "chat_rooms_slow_seconds" CHECK ("chat_rooms"."slow_seconds" >= 0)
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_share_bet_id_bets_id_fk" FOREIGN KEY ("share_bet_id") REFERENCES "public"."bets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_mutes" ADD CONSTRAINT "chat_mutes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reports" ADD CONSTRAINT "chat_reports_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reports" ADD CONSTRAINT "chat_reports_reporter_id_accounts_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_room_idx" ON "chat_messages" USING btree ("room","id");--> statement-breakpoint
CREATE INDEX "chat_messages_account_idx" ON "chat_messages" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "chat_messages_at_idx" ON "chat_messages" USING btree ("at");--> statement-breakpoint
CREATE INDEX "chat_reports_message_idx" ON "chat_reports" USING btree ("message_id");