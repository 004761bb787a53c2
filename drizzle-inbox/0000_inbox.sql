CREATE TABLE "inbox_deliveries" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inbox_deliveries_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"inbox_id" text NOT NULL,
	"delivery_id" text NOT NULL,
	"type" text NOT NULL,
	"chat_id" text,
	"payload" jsonb NOT NULL,
	"verified" boolean NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_inboxes" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "inbox_inboxes_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"secret" text,
	"webhook_id" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inbox_deliveries" ADD CONSTRAINT "inbox_deliveries_inbox_id_inbox_inboxes_id_fk" FOREIGN KEY ("inbox_id") REFERENCES "public"."inbox_inboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_deliveries_inbox_delivery_idx" ON "inbox_deliveries" USING btree ("inbox_id","delivery_id");--> statement-breakpoint
CREATE INDEX "inbox_deliveries_inbox_seq_idx" ON "inbox_deliveries" USING btree ("inbox_id","seq");