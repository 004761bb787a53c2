ALTER TABLE "messages" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "mcp_servers" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "mcp_servers" ADD COLUMN "static_secret_enc" text;--> statement-breakpoint
ALTER TABLE "mcp_servers" ADD COLUMN "header_names" jsonb;