CREATE TABLE "budgets" (
	"id" text PRIMARY KEY NOT NULL,
	"person_id" text,
	"period" text NOT NULL,
	"credits" double precision NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" text,
	CONSTRAINT "budgets_scope_period_key" UNIQUE NULLS NOT DISTINCT("person_id","period")
);
--> statement-breakpoint
CREATE TABLE "usage_ledger" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "usage_ledger_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"person_id" text NOT NULL,
	"chat_id" text NOT NULL,
	"message_id" text NOT NULL,
	"model" text NOT NULL,
	"model_name" text,
	"auxiliary" boolean NOT NULL,
	"purpose" text NOT NULL,
	"input_tokens" bigint NOT NULL,
	"output_tokens" bigint NOT NULL,
	"cache_read_tokens" bigint NOT NULL,
	"cache_write_tokens" bigint NOT NULL,
	"total_tokens" bigint NOT NULL,
	"credits" double precision NOT NULL
);
--> statement-breakpoint
CREATE INDEX "usage_ledger_at_idx" ON "usage_ledger" USING btree ("at");--> statement-breakpoint
CREATE INDEX "usage_ledger_person_at_idx" ON "usage_ledger" USING btree ("person_id","at");--> statement-breakpoint
CREATE INDEX "usage_ledger_chat_idx" ON "usage_ledger" USING btree ("chat_id","seq");--> statement-breakpoint
CREATE INDEX "usage_ledger_message_idx" ON "usage_ledger" USING btree ("message_id");--> statement-breakpoint
-- The answers finished before the ledger existed: one call each, for the author of the prompt it answered.
INSERT INTO "usage_ledger" ("id", "at", "person_id", "chat_id", "message_id", "model", "model_name", "auxiliary", "purpose", "input_tokens", "output_tokens", "cache_read_tokens", "cache_write_tokens", "total_tokens", "credits")
SELECT 'led_' || m."id", m."created_at",
  coalesce(
    (SELECT u."author_id" FROM "messages" u WHERE u."chat_id" = m."chat_id" AND u."role" = 'user' AND u."seq" < m."seq" ORDER BY u."seq" DESC LIMIT 1),
    (SELECT c."author_id" FROM "chats" c WHERE c."id" = m."chat_id"),
    'user_embedded'),
  m."chat_id", m."id", coalesce(m."usage"->>'model', 'svc-pro'), NULL, false, 'answer',
  coalesce((m."usage"->'tokens'->>'input')::bigint, 0), coalesce((m."usage"->'tokens'->>'output')::bigint, 0),
  coalesce((m."usage"->'tokens'->>'cacheRead')::bigint, 0), coalesce((m."usage"->'tokens'->>'cacheWrite')::bigint, 0),
  coalesce((m."usage"->'tokens'->>'total')::bigint, 0), coalesce((m."usage"->'creditsCost'->>'total')::double precision, 0)
FROM "messages" m
WHERE m."role" = 'assistant' AND m."finish_reason" IS NOT NULL AND m."usage" IS NOT NULL
  AND coalesce((m."usage"->'tokens'->>'total')::bigint, 0) > 0;
