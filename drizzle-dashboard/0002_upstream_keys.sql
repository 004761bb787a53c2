CREATE TABLE "dashboard_upstream_keys" (
	"person_id" text PRIMARY KEY NOT NULL,
	"base_url" text NOT NULL,
	"sealed" text NOT NULL,
	"hint" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
