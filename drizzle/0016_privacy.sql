CREATE TABLE "chat_favorites" (
	"person_id" text NOT NULL,
	"chat_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_favorites_person_id_chat_id_pk" PRIMARY KEY("person_id","chat_id")
);
--> statement-breakpoint
CREATE TABLE "chat_shares" (
	"chat_id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"sealed_token" text NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "created_by" text DEFAULT 'user_embedded' NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_favorites" ADD CONSTRAINT "chat_favorites_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_shares" ADD CONSTRAINT "chat_shares_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_favorites_chat_idx" ON "chat_favorites" USING btree ("chat_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_shares_token_hash_idx" ON "chat_shares" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "chats_author_seq_idx" ON "chats" USING btree ("author_id","seq");--> statement-breakpoint
CREATE INDEX "chats_privacy_seq_idx" ON "chats" USING btree ("privacy","seq");--> statement-breakpoint
-- The favorites marked before people existed were the first admin's (every chat was theirs then).
INSERT INTO "chat_favorites" ("person_id", "chat_id", "created_at") SELECT 'user_embedded', "id", "updated_at" FROM "chats" WHERE "favorite" = true;--> statement-breakpoint
ALTER TABLE "chats" DROP COLUMN "favorite";