import { defineConfig } from "drizzle-kit";

/** `npx drizzle-kit generate --config drizzle-dashboard.config.ts` writes the dashboard's own PostgreSQL tables' migrations. */
export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/server/sign-in/schema.ts",
  out: "./drizzle-dashboard",
  tablesFilter: ["dashboard_*"],
  migrations: { table: "__drizzle_migrations_dashboard" },
});
