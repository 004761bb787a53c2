import { defineConfig } from "drizzle-kit";

/** `npx drizzle-kit generate` writes migrations of the embedded service's store into drizzle/ (committed). */
export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/embedded/store/schema.ts",
  out: "./drizzle",
});
