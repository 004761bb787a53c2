import "server-only";
import { json } from "../http/respond";
import { embeddedUserV1 } from "../chats/views-v1";
import type { Handler, HandlerTablePart } from "../http/context";

/** GET /v1/user: the embedded service's one account. */
const getUserV1: Handler<"v1.user"> = async () => json(embeddedUserV1());

/** The routes of lib/api/routes.ts this file answers. */
export const userHandlers = {
  "v1.user": getUserV1,
} satisfies HandlerTablePart;
