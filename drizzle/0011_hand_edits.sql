ALTER TABLE "chat_files" ADD COLUMN "edited_by_hand" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "edit_kind" text;