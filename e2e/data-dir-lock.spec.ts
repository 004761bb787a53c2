import { spawn } from "node:child_process";
import { expect, test } from "@playwright/test";
import { E2E_PORT } from "./fixtures";

/** A second server on the running one's PGlite data directory refuses to start, naming the holder (no corruption). */
test("a second server on the same data directory refuses to start", async () => {
  test.setTimeout(90_000);
  const dataDir = process.env.E2E_DATA_DIR;
  expect(dataDir, "playwright.config.ts sets E2E_DATA_DIR").toBeTruthy();
  const child = spawn("npx", ["next", "start", "-p", String(E2E_PORT + 50), "-H", "127.0.0.1"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      SERVICE_BASE_URL: "",
      DATABASE_URL: "",
      NEXT_TELEMETRY_DISABLED: "1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      resolve(null);
    }, 60_000);
    child.on("exit", (c) => {
      clearTimeout(timer);
      resolve(c);
    });
  });
  expect(output).toContain("Atelier cannot start");
  expect(output).toMatch(/in use by process \d+/);
  expect(code).toBe(1);
});
