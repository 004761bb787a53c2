import { defineConfig } from "drizzle-kit";

/** `npx drizzle-kit generate --config drizzle-inbox.config.ts` writes the webhook inbox's migrations into drizzle-inbox/. */
export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/server/inbox/schema.ts",
  out: "./drizzle-inbox",
  tablesFilter: ["inbox_*"],
  migrations: { table: "__drizzle_migrations_inbox" },
});
