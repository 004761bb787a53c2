import "server-only";
import type { AuthCallback, AuthFailureCallback } from "isomorphic-git";
import type { SecretBox } from "../mcp/secret-box";
import { type Db, type GitCredentialRow } from "../store";
import * as gitStore from "./store";

/**
 * Git credentials at rest: each token sealed with the service's secret key (SecretBox, as environment variables are),
 * bound to the credential's id so a sealed token cannot be moved to another row. Tokens are never returned or logged.
 */

const sealContext = (id: string) => `git-credential:${id}`;

export function sealGitToken(box: SecretBox, id: string, token: string): string {
  return box.seal(token, sealContext(id));
}

/** The host a credential is looked up by: `host` or `host:port` as the URL has it, lower case. */
const credentialHost = (url: string) => new URL(url).host.toLowerCase();

/** What a Git operation on `url` authenticates with. */
export interface GitAuthFor {
  host: string;
  /** Whether a credential for the host was found (and could be opened). */
  hasCredential: boolean;
  onAuth: AuthCallback;
  onAuthFailure: AuthFailureCallback;
}

/**
 * The credential of the URL's host as isomorphic-git's callbacks: offered when the server asks; a refusal ends the
 * operation (no second try with the same token). A token sealed with another key is treated as absent.
 */
export async function gitAuthFor(db: Db, box: SecretBox, url: string): Promise<GitAuthFor> {
  const host = credentialHost(url);
  const row: GitCredentialRow | null = await gitStore.credentialForHost(db, host);
  const token = row ? box.open(row.sealedToken, sealContext(row.id)) : null;
  return {
    host,
    hasCredential: token !== null,
    onAuth: () => (token !== null ? { username: row?.username ?? "git", password: token } : { cancel: true }),
    onAuthFailure: () => ({ cancel: true }),
  };
}
