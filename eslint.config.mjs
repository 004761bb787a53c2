import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import { atelierPlugin } from "./scripts/lint/no-unguarded-outbound.mjs";

/**
 * The rooms of docs/architecture.md as import rules: a boundary violation is a lint error.
 * Patterns cover both the `@/` alias and relative paths.
 */
const SERVER = {
  group: ["@/lib/server", "@/lib/server/**", "**/lib/server/**", "../server", "../server/**"],
  message: "Browser code never imports lib/server (docs/architecture.md).",
};
const EMBEDDED = {
  group: ["@/lib/embedded", "@/lib/embedded/**", "**/lib/embedded/**", "../embedded", "../embedded/**"],
  message: "Only app/_wiring imports lib/embedded (docs/architecture.md).",
};
const SERVER_ONLY = {
  group: ["server-only", "node:*", "pg", "@electric-sql/pglite", "drizzle-orm", "drizzle-orm/**"],
  message: "lib/api is isomorphic: nothing server-only (docs/architecture.md).",
};
const DASHBOARD = {
  group: ["@/components/**", "@/lib/hooks/**", "@/app/**"],
  message: "The embedded service never imports the dashboard (docs/architecture.md).",
};
const UP_AND_OUT = {
  group: ["@/lib/hooks", "@/lib/hooks/**", "@/components", "@/components/**", "@/app/**"],
  message: "lib/api imports nothing of the UI or the app (docs/architecture.md).",
};

/**
 * Processes: every command the embedded service runs for an agent goes through its sandbox (docs/sandbox.md), the
 * only place in lib/embedded that may start one. Elsewhere on the server, lib/db/open.ts creates and reads a PGlite
 * directory in a child process (lib/embedded/startup-work.ts uses it through lib/db): not an agent's command.
 */
const CHILD_PROCESS = {
  group: ["node:child_process", "child_process"],
  message: "Commands run only through lib/embedded/sandbox (docs/sandbox.md).",
};
const CHILD_PROCESS_SYNTAX = [
  "error",
  {
    selector: "ImportExpression[source.value=/^(node:)?child_process$/]",
    message: CHILD_PROCESS.message,
  },
  {
    selector: "CallExpression[callee.name='require'][arguments.0.value=/^(node:)?child_process$/]",
    message: CHILD_PROCESS.message,
  },
];

/**
 * Test support (`test-*.ts`: harnesses, peers, helpers that are not tests themselves) serves tests only: no production
 * file imports it. Every room's rule carries this pattern (a later rule for the same files would replace, not add).
 */
const TEST_SUPPORT = {
  regex: "(^|/)test-[^/]*$",
  message: "test-*.ts is test support: only tests and other test support import it (docs/architecture.md).",
};

const TESTS = ["**/*.test.ts", "**/*.test.tsx", "**/test-*.ts", "**/test-*.tsx"];
const restrict = (...patterns) => ({ "no-restricted-imports": ["error", { patterns: [...patterns, TEST_SUPPORT] }] });

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    ".next*/**",
    "node_modules/**",
    "playwright-report/**",
    "playwright-report-*/**",
    "test-results/**",
    "bench/results/**",
    "next-env.d.ts",
    "drizzle/**",
    "drizzle-inbox/**",
    "drizzle-dashboard/**",
    "eslint-fixtures/**",
  ]),
  {
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          caughtErrors: "none",
          destructuredArrayIgnorePattern: "^_",
        },
      ],
      "@typescript-eslint/no-explicit-any": "error",
    },
  },
  {
    // The React Compiler's stricter checks (react-hooks 7) report patterns the code uses on purpose (state reset when a
    // prop changes, a clock read in render); they warn until each place is rewritten.
    rules: {
      "react-hooks/set-state-in-effect": "warn",
      "react-hooks/immutability": "warn",
      "react-hooks/purity": "warn",
      "react-hooks/incompatible-library": "off",
    },
  },
  // Playwright fixtures call `use`, which is not React's.
  { files: ["e2e/**"], rules: { "react-hooks/rules-of-hooks": "off" } },
  // Rooms. Tests (and their support, test-*.ts) may drive the real embedded service and server code (never mock what
  // we own), so they are exempt.
  { files: ["components/**", "lib/hooks/**"], ignores: TESTS, rules: restrict(SERVER, EMBEDDED) },
  { files: ["lib/api/**"], ignores: TESTS, rules: restrict(SERVER, EMBEDDED, SERVER_ONLY, UP_AND_OUT) },
  { files: ["lib/server/**"], ignores: TESTS, rules: restrict(EMBEDDED) },
  { files: ["app/**"], ignores: ["app/_wiring/**", ...TESTS], rules: restrict(EMBEDDED) },
  { files: ["app/_wiring/**", "proxy.ts", "instrumentation.ts"], ignores: TESTS, rules: restrict() },
  { files: ["lib/db/**"], ignores: TESTS, rules: restrict(SERVER, EMBEDDED, UP_AND_OUT) },
  {
    files: ["lib/embedded/**"],
    ignores: [...TESTS, "lib/embedded/sandbox/**"],
    rules: { ...restrict(SERVER, DASHBOARD, CHILD_PROCESS), "no-restricted-syntax": CHILD_PROCESS_SYNTAX },
  },
  { files: ["lib/embedded/sandbox/**"], ignores: TESTS, rules: restrict(SERVER, DASHBOARD) },
  // One outbound guard: the embedded service reaches the network only through lib/embedded/outbound/ (the model
  // agent's own AGENT_BASE_URL included: outbound/agent-api.ts). Listening servers are fine; tests and their support
  // (test-*.ts: real peers, clients of the service under test) are exempt, and so is the preview reporter: browser
  // code bundled into the served page, where fetch is the generated app's own (same origin, in the visitor's browser).
  {
    files: ["lib/embedded/**"],
    // The preview's pass (preview/pass.ts) connects only to a running app's unix socket into its sandbox or to another
    // instance's preview listener, and runtime/control.ts only to that listener: addresses the database records for
    // the instances (docs/app-runtime.md "Several instances"), never one from a request.
    ignores: [
      ...TESTS,
      "lib/embedded/outbound/**",
      "lib/embedded/preview/reporter-script.ts",
      "lib/embedded/preview/pass.ts",
      "lib/embedded/runtime/control.ts",
    ],
    plugins: { atelier: atelierPlugin },
    rules: { "atelier/no-unguarded-outbound": "error" },
  },
]);
