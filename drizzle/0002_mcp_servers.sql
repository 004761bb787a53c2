CREATE TABLE "mcp_oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"server_id" text NOT NULL,
	"api_version" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"return_url" text NOT NULL,
	"code_verifier_enc" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mcp_servers" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "mcp_servers_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"url" text NOT NULL,
	"enabled" boolean NOT NULL,
	"scope" text NOT NULL,
	"auth_type" text NOT NULL,
	"oauth_config" jsonb,
	"client_secret_enc" text,
	"access_token_enc" text,
	"refresh_token_enc" text,
	"token_expires_at" timestamp with time zone,
	"connected_at" timestamp with time zone,
	"auth_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mcp_oauth_states" ADD CONSTRAINT "mcp_oauth_states_server_id_mcp_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."mcp_servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mcp_oauth_states_server_idx" ON "mcp_oauth_states" USING btree ("server_id");--> statement-breakpoint
CREATE INDEX "mcp_servers_seq_idx" ON "mcp_servers" USING btree ("seq");