import { rmSync } from "node:fs";

/** Removes the run's fresh data dirs (the default and the reference server's) (created in playwright.config.ts) once the server has stopped. */
export default async function globalTeardown(): Promise<void> {
  for (const dir of [process.env.E2E_DATA_DIR, process.env.E2E_REF_DATA_DIR]) {
    if (dir && /atelier-e2e-/.test(dir)) rmSync(dir, { recursive: true, force: true });
  }
}
