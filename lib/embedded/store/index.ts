import "server-only";

/**
 * The embedded service's database: opening it (PGlite or PostgreSQL) and the row types of its drizzle schema. Each
 * feature keeps its own queries beside it (`<feature>/store.ts`, `<feature>/store-*.ts`).
 */
export * from "./db";
export type {
  ChatFileRow,
  ChatRow,
  DeploymentLogLine,
  DeploymentRow,
  EnvVarRow,
  GitCredentialRow,
  MessageRow,
  ProjectRow,
  VersionFile,
  VersionRow,
} from "./schema";
