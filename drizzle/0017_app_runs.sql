CREATE TABLE "app_runs" (
	"chat_id" text PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"address" text NOT NULL,
	"lease_expires_at" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"stop_reason" text,
	"script" text NOT NULL,
	"manager" text NOT NULL,
	"message" text,
	"failed_step" text,
	"exit_code" integer,
	"log" text DEFAULT '' NOT NULL,
	"log_end" bigint DEFAULT 0 NOT NULL,
	"port" integer,
	"since" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
