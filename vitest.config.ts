import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL("./", import.meta.url)),
      "server-only": fileURLToPath(new URL("./test/server-only-stub.ts", import.meta.url)),
    },
  },
  test: {
    include: [
      "lib/**/*.test.ts",
      "lib/**/*.test.tsx",
      "components/**/*.test.ts",
      "components/**/*.test.tsx",
      "test/**/*.test.ts",
      "test/**/*.test.tsx",
      "e2e/peers/**/*.test.ts",
    ],
    environment: "node",
    // next-auth's ESM imports `next/server` without an extension, which Node's resolver refuses (next has no exports
    // map): transformed by Vite instead, tests can import the dashboard's Auth.js configuration (lib/server/auth).
    server: { deps: { inline: ["next-auth"] } },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // One test file per core. Vitest's default for a run is one fewer than the cores (its main process mostly waits on
    // the workers): a single worker on a 2-core machine, which left a core idle for most of `npm test`'s vitest step.
    maxWorkers: availableParallelism(),
    // One fresh PGlite cluster for the run: "memory://" databases start from a copy of it (lib/db/open.ts).
    globalSetup: ["./test/pglite-template.ts"],
    // Under jsdom, Node's ArrayBuffer and Uint8Array for the in-process embedded service (see the file).
    setupFiles: ["./test/jsdom-node-bytes.ts"],
    // `vitest run --coverage` (npm test): a text summary of the application code, no threshold.
    coverage: {
      provider: "v8",
      include: ["app/**", "components/**", "lib/**"],
      exclude: ["**/*.test.{ts,tsx}", "**/test-*.ts"],
      reporter: ["text-summary"],
      reportOnFailure: true,
    },
  },
});
