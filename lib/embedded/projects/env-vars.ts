import "server-only";
import { HttpError } from "../errors";
import type { SecretBox } from "../mcp/secret-box";
import { type Db, type EnvVarRow } from "../store";
import * as envVarsStore from "./store-env-vars";

/**
 * A project's environment variables at rest: each value sealed with the service's secret key (SecretBox), bound to
 * the variable's id so a sealed value cannot be moved to another variable.
 */

const sealContext = (id: string) => `env-var:${id}`;

export function sealEnvValue(box: SecretBox, id: string, value: string): string {
  return box.seal(value, sealContext(id));
}

/** The plain value; a value sealed with another key (the secret key changed) cannot be read and is refused. */
export function openEnvValue(box: SecretBox, row: EnvVarRow): string {
  const value = box.open(row.sealedValue, sealContext(row.id));
  if (value === null)
    throw new HttpError(
      500,
      `${row.key}: the value cannot be decrypted with this service's secret key`,
      "env_var_unreadable",
    );
  return value;
}

/**
 * The environment of the agent's commands in a chat of this project: every variable whose value can be read (one
 * sealed with an earlier secret key is left out).
 */
export async function projectEnvironment(db: Db, box: SecretBox, projectId: string): Promise<Record<string, string>> {
  const env: Record<string, string> = {};
  for (const row of await envVarsStore.listEnvVars(db, projectId)) {
    const value = box.open(row.sealedValue, sealContext(row.id));
    if (value !== null) env[row.key] = value;
  }
  return env;
}
