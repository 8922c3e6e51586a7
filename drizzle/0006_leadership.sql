CREATE TABLE "leadership" (
	"id" integer PRIMARY KEY NOT NULL,
	"epoch" bigint NOT NULL,
	"holder" text,
	"since" bigint
);
--> statement-breakpoint
INSERT INTO "leadership" ("id", "epoch") VALUES (1, 0);
