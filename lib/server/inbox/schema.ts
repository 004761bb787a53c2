import { bigint, boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * The dashboard's webhook inbox (its own tables, prefixed `inbox_`, migrations in `drizzle-inbox/` from
 * `npx drizzle-kit generate --config drizzle-inbox.config.ts`). Imported by drizzle-kit: no "server-only" here.
 */

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const inboxes = pgTable("inbox_inboxes", {
  id: text("id").primaryKey(),
  seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity().notNull(),
  name: text("name").notNull(),
  /** The `whsec_…` of the webhook that delivers here, sealed (sealed-secret.ts); null until attached. */
  secret: text("secret"),
  /** The service's webhook id, when known. */
  webhookId: text("webhook_id"),
  /** The service revealed no signing secret: deliveries are stored unverified instead of refused. */
  unsigned: boolean("unsigned").notNull().default(false),
  createdAt: ts("created_at").notNull(),
});

export const inboxDeliveries = pgTable(
  "inbox_deliveries",
  {
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity().primaryKey(),
    inboxId: text("inbox_id")
      .notNull()
      .references(() => inboxes.id, { onDelete: "cascade" }),
    /** The `webhook-id` header: one row per message, redeliveries are dropped. */
    deliveryId: text("delivery_id").notNull(),
    type: text("type").notNull(),
    chatId: text("chat_id"),
    payload: jsonb("payload").$type<unknown>().notNull(),
    verified: boolean("verified").notNull(),
    receivedAt: ts("received_at").notNull(),
  },
  (t) => [
    uniqueIndex("inbox_deliveries_inbox_delivery_idx").on(t.inboxId, t.deliveryId),
    index("inbox_deliveries_inbox_seq_idx").on(t.inboxId, t.seq),
  ],
);

export type InboxRow = typeof inboxes.$inferSelect;
export type InboxDeliveryRow = typeof inboxDeliveries.$inferSelect;
