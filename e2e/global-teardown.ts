import { rmSync } from "node:fs";
import pg from "pg";

/**
 * Removes the run's fresh data dirs (created in playwright.config.ts) once the servers have stopped, and the cluster
 * project's database.
 */
export default async function globalTeardown(): Promise<void> {
  const dirs = [
    process.env.E2E_DATA_DIR,
    process.env.E2E_SECOND_DATA_DIR,
    process.env.E2E_REF_DATA_DIR,
    process.env.E2E_MODEL_DATA_DIR,
    process.env.E2E_DOC_DATA_DIR,
    process.env.E2E_CLUSTER_DATA_DIR,
  ];
  for (const dir of dirs) if (dir && /atelier-e2e-/.test(dir)) rmSync(dir, { recursive: true, force: true });
  const admin = process.env.TEST_DATABASE_URL;
  const cluster = process.env.E2E_CLUSTER_DATABASE_URL;
  if (admin && cluster) {
    const name = decodeURIComponent(new URL(cluster).pathname.slice(1));
    const client = new pg.Client({ connectionString: admin });
    try {
      await client.connect();
      if (/^atelier_e2e_cluster_\d+$/.test(name)) await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    } catch (error) {
      console.warn(`could not drop the cluster database ${name}:`, error);
    } finally {
      await client.end().catch(() => {});
    }
  }
}
