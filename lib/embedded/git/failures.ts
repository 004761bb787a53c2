import "server-only";
import { Errors } from "isomorphic-git";
import { HttpError } from "../errors";
import { OutboundError } from "../outbound/request";
import type { GitAuthFor } from "./credentials";

/**
 * A Git operation's failure as the answer says it: a private address, an unreachable or slow server, a missing
 * repository or branch → 422 (`import_refused`); authentication needed or refused → 422 `git_auth_required` naming
 * the host whose credential to add; a push refused because the branch moved → 409 `git_branch_moved`.
 */
export function gitFailure(error: unknown, url: string, auth: GitAuthFor): unknown {
  if (error instanceof HttpError) return error;
  if (error instanceof OutboundError) return new HttpError(422, `${url}: ${error.message}`, "import_refused");
  const code = (error as { code?: string }).code;
  const data = (error as { data?: { statusCode?: number; response?: string } }).data;
  if (code === Errors.UserCanceledError.code || (code === Errors.HttpError.code && data?.statusCode === 401))
    return new HttpError(
      422,
      auth.hasCredential
        ? `${url}: the Git credential for ${auth.host} was refused; replace it in Git credentials`
        : `${url}: authentication is needed; add a Git credential for ${auth.host}`,
      "git_auth_required",
    );
  if (code === Errors.HttpError.code)
    return new HttpError(
      422,
      data?.statusCode === 404
        ? `${url}: no Git repository there (404)`
        : `${url}: the Git server answered ${data?.statusCode ?? "an error"}`,
      "import_refused",
    );
  if (code === Errors.PushRejectedError.code || code === "PushRejectedError")
    return new HttpError(
      409,
      `${url}: the branch moved while pushing; pull first, then push again`,
      "git_branch_moved",
    );
  if (code === Errors.NotFoundError.code)
    return new HttpError(422, `${url}: ${(error as Error).message}`, "import_refused");
  if (
    code === Errors.SmartHttpError.code ||
    code === Errors.ParseError.code ||
    code === Errors.EmptyServerResponseError.code
  )
    return new HttpError(422, `${url}: not a Git server over the smart HTTP protocol`, "import_refused");
  return error;
}
