CREATE TABLE "remote_mcp_clients" (
	"client_id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"client_name" text,
	"client_uri" text,
	"redirect_uris" jsonb NOT NULL,
	"metadata" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"fetched_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "remote_mcp_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"code_challenge" text NOT NULL,
	"resource" text NOT NULL,
	"scope" text,
	"subject" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"grant_id" text
);
--> statement-breakpoint
CREATE TABLE "remote_mcp_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"grant_id" text NOT NULL,
	"client_id" text NOT NULL,
	"resource" text NOT NULL,
	"scope" text,
	"subject" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "remote_mcp_codes" ADD CONSTRAINT "remote_mcp_codes_client_id_remote_mcp_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."remote_mcp_clients"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_mcp_tokens" ADD CONSTRAINT "remote_mcp_tokens_client_id_remote_mcp_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."remote_mcp_clients"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "remote_mcp_tokens_grant_idx" ON "remote_mcp_tokens" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "remote_mcp_tokens_client_idx" ON "remote_mcp_tokens" USING btree ("client_id");