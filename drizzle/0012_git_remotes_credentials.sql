CREATE TABLE "chat_git_remotes" (
	"chat_id" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"branch" text NOT NULL,
	"last_commit" text NOT NULL,
	"last_synced_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "git_credentials" (
	"id" text PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"username" text,
	"sealed_token" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_git_remotes" ADD CONSTRAINT "chat_git_remotes_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "git_credentials_host_idx" ON "git_credentials" USING btree ("host");