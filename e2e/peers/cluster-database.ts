import pg from "pg";

/**
 * The `cluster` project's PostgreSQL database (two dashboard servers share it): `tsx e2e/peers/cluster-database.ts
 * create|drop <database url>` creates it fresh (dropping a leftover of the same name) or drops it, through the
 * admin database TEST_DATABASE_URL names.
 */
const [action, url] = process.argv.slice(2);
const admin = process.env.TEST_DATABASE_URL;
if (!admin || !url || (action !== "create" && action !== "drop")) {
  console.error("usage: TEST_DATABASE_URL=… tsx e2e/peers/cluster-database.ts create|drop <database url>");
  process.exit(2);
}
const name = decodeURIComponent(new URL(url).pathname.slice(1));
if (!/^atelier_e2e_cluster_[a-z0-9_]+$/.test(name)) throw new Error(`refusing to touch database ${name}`);
const client = new pg.Client({ connectionString: admin });
await client.connect();
try {
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  if (action === "create") await client.query(`CREATE DATABASE "${name}"`);
} finally {
  await client.end();
}
