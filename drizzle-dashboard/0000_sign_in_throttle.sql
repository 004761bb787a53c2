CREATE TABLE "dashboard_sign_in_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" jsonb NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "dashboard_sign_in_throttle_updated_idx" ON "dashboard_sign_in_throttle" USING btree ("updated_at");