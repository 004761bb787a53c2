ALTER TABLE "remote_mcp_clients" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
-- Clients approved before the column existed: their codes say so (a code is only made by an approval).
UPDATE "remote_mcp_clients" SET "approved_at" = "created_at" WHERE EXISTS (SELECT 1 FROM "remote_mcp_codes" WHERE "remote_mcp_codes"."client_id" = "remote_mcp_clients"."client_id");
