import "server-only";
import type { GitCredential, GitCredentialDeleted, GitCredentialList } from "@/lib/api";
import { notFound } from "../errors";
import { sealGitToken } from "./credentials";
import { json } from "../http/respond";
import { newId } from "../ids";
import { type GitCredentialRow } from "../store";
import * as gitStore from "./store";
import { iso } from "../time";
import type { Handler, HandlerTablePart } from "../http/context";

/** A credential as answered: never its token. */
const view = (row: GitCredentialRow): GitCredential => ({
  id: row.id,
  host: row.host,
  username: row.username,
  createdAt: iso(row.createdAt),
});

/** GET /v2/git-credentials (our extension): every credential, by host. */
const list: Handler<"v2.gitCredentials.list"> = async ({ db }) =>
  json({ data: (await gitStore.listCredentials(db)).map(view) } satisfies GitCredentialList);

/**
 * POST /v2/git-credentials {host, username?, token} (our extension): the host's credential, in place of the one it
 * had. The token is sealed with the service's secret key (git/credentials.ts) and never answered.
 */
const create: Handler<"v2.gitCredentials.create"> = async ({ db, secrets, body }) => {
  const id = newId("gitcred");
  const row = await gitStore.replaceCredential(db, {
    id,
    host: body.host,
    username: body.username ?? null,
    sealedToken: sealGitToken(secrets, id, body.token),
    createdAt: new Date(),
  });
  return json(view(row));
};

/** DELETE /v2/git-credentials/{credentialId} (our extension). */
const remove: Handler<"v2.gitCredentials.delete"> = async ({ db, params }) => {
  if (!(await gitStore.deleteCredential(db, params.credentialId)))
    throw notFound(`Git credential ${params.credentialId}`, "git_credential_not_found");
  return json({ id: params.credentialId, deleted: true } satisfies GitCredentialDeleted);
};

/** The routes of lib/api/routes.ts this file answers. */
export const gitCredentialHandlers = {
  "v2.gitCredentials.list": list,
  "v2.gitCredentials.create": create,
  "v2.gitCredentials.delete": remove,
} satisfies HandlerTablePart;
