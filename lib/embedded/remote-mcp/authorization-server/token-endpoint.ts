import "server-only";
import {
  InvalidRequestError,
  InvalidTargetError,
  UnsupportedGrantTypeError,
} from "@modelcontextprotocol/sdk/server/auth/errors.js";
import type { OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import { exchangeCode } from "./code-exchange";
import { isResource, type AuthServerContext } from "./context";
import { refresh } from "./refresh";

/** The token endpoint (form-encoded body): a code exchange or a refresh. Throws the SDK's OAuth errors. */
export async function token(
  ctx: AuthServerContext,
  form: URLSearchParams,
  pruneNowAndThen: () => Promise<void>,
): Promise<OAuthTokens> {
  const grantType = form.get("grant_type");
  const clientId = form.get("client_id");
  if (!grantType) throw new InvalidRequestError("grant_type is missing");
  if (grantType !== "authorization_code" && grantType !== "refresh_token")
    throw new UnsupportedGrantTypeError(`grant_type ${grantType} is not supported`);
  if (!clientId) throw new InvalidRequestError("client_id is missing (public clients identify themselves)");
  await pruneNowAndThen();
  const resource = form.get("resource");
  if (resource !== null && !isResource(ctx, resource)) throw new InvalidTargetError(`resource must be ${ctx.resource}`);
  return grantType === "authorization_code" ? exchangeCode(ctx, form, clientId) : refresh(ctx, form, clientId);
}
