ALTER TABLE "chats" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "lease_message_id" text;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "lease_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "chats_lease_expires_idx" ON "chats" USING btree ("lease_expires_at");