CREATE TABLE "mcp_connection_log" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mcp_connection_log_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"server_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"step" text NOT NULL,
	"ok" boolean NOT NULL,
	"detail" text NOT NULL,
	"duration_ms" integer
);
--> statement-breakpoint
ALTER TABLE "mcp_connection_log" ADD CONSTRAINT "mcp_connection_log_server_id_mcp_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."mcp_servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mcp_connection_log_server_idx" ON "mcp_connection_log" USING btree ("server_id","seq");