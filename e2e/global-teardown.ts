import { rmSync } from "node:fs";

/** Removes the run's fresh data dir (created in playwright.config.ts) once the server has stopped. */
export default async function globalTeardown(): Promise<void> {
  const dir = process.env.E2E_DATA_DIR;
  if (dir && /atelier-e2e-/.test(dir)) rmSync(dir, { recursive: true, force: true });
}
