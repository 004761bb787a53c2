import "server-only";
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { SecretBox } from "../mcp/secret-box";
import { projectEnvironment } from "../projects/env-vars";
import * as envVarsStore from "../projects/store-env-vars";
import { isLoaderVariable } from "../sandbox";
import type { Db } from "../store/db";
import { chats } from "../store/schema";

/**
 * A project's environment variables in its chats' running apps and their deployments' builds (docs/app-runtime.md,
 * "The project's variables"), as a host like Vercel gives them. Never in an install (a package's install scripts do
 * not see secrets). Left out, whatever the project says: the loader's variables the sandbox never passes on
 * (`LD_PRELOAD`, …: sandbox/bubblewrap.ts), the ones the sandbox and the runtime set (`PORT`, `HOST`, `PATH`, `HOME`,
 * the proxy's, `NODE_ENV`) and those that make a shell or Node run code of their choosing before the app
 * (`NODE_OPTIONS`, `BASH_ENV`, `ENV`): Node runs the sandbox's relay too.
 */

const RESERVED = new Set([
  "PORT",
  "HOST",
  "HOSTNAME",
  "NODE_ENV",
  "PATH",
  "HOME",
  "USER",
  "LOGNAME",
  "SHELL",
  "TMPDIR",
  "LANG",
  "CI",
  "PWD",
  "HTTP_PROXY",
  "HTTPS_PROXY",
  "NO_PROXY",
  "ALL_PROXY",
  "NODE_USE_ENV_PROXY",
  "NODE_OPTIONS",
  "NODE_PATH",
  "NODE_EXTRA_CA_CERTS",
  "NODE_REPL_EXTERNAL_MODULE",
  "BASH_ENV",
  "ENV",
]);

/** Whether the app may be given a variable of this name (the case of proxy variables does not matter to programs). */
const allowed = (name: string) => !RESERVED.has(name.toUpperCase()) && !isLoaderVariable(name);

/** The project's variables an app or a build is given, and the names left out (said in its log). */
function appEnvironment(project: Readonly<Record<string, string>>): {
  env: Record<string, string>;
  ignored: string[];
} {
  const env: Record<string, string> = {};
  const ignored: string[] = [];
  for (const [name, value] of Object.entries(project)) {
    if (allowed(name)) env[name] = value;
    else ignored.push(name);
  }
  return { env, ignored };
}

/** The log's line naming the variables left out, or "" when none was. */
export const ignoredLine = (ignored: readonly string[], to: "app" | "build") =>
  ignored.length
    ? `[the project's variables ${ignored.join(", ")} are not given to the ${to}: the sandbox and the runtime set their own]\n`
    : "";

/** The project a chat belongs to, if any. */
async function projectOf(db: Db, chatId: string): Promise<string | null> {
  const [row] = await db.select({ projectId: chats.projectId }).from(chats).where(eq(chats.id, chatId));
  return row?.projectId ?? null;
}

/**
 * A fingerprint of the variables of the chat's project (its project, their names and sealed values): when it changes,
 * a running app starts again with them. Reads no value.
 */
export async function environmentPrint(db: Db, chatId: string): Promise<string> {
  const projectId = await projectOf(db, chatId);
  if (!projectId) return "";
  const rows = await envVarsStore.listEnvVars(db, projectId);
  const hash = createHash("sha256").update(projectId);
  for (const r of rows) hash.update(`\0${r.id}\0${r.key}\0${r.sealedValue}`);
  return hash.digest("base64url");
}

/** The variables of a project (`projectId`), or of the chat's project, as an app or a build gets them. */
export async function projectAppEnvironment(
  db: Db,
  box: SecretBox,
  where: { chatId: string; projectId?: string | null },
) {
  const projectId = where.projectId ?? (await projectOf(db, where.chatId));
  return appEnvironment(projectId ? await projectEnvironment(db, box, projectId) : {});
}
