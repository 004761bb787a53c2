CREATE TABLE "quota_usage" (
	"day" text NOT NULL,
	"quota" text NOT NULL,
	"used" bigint NOT NULL,
	CONSTRAINT "quota_usage_day_quota_pk" PRIMARY KEY("day","quota")
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "messages_chat_live_seq_idx" ON "messages" USING btree ("chat_id","seq") WHERE "messages"."archived_at" is null;