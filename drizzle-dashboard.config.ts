import { defineConfig } from "drizzle-kit";

/** `npx drizzle-kit generate --config drizzle-dashboard.config.ts` writes the migrations of the dashboard's own tables (the sign-in throttle on PostgreSQL; people's own upstream keys). */
export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/server/{sign-in,people}/schema.ts",
  out: "./drizzle-dashboard",
  tablesFilter: ["dashboard_*"],
  migrations: { table: "__drizzle_migrations_dashboard" },
});
