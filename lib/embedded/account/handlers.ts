import "server-only";
import { json } from "../http/respond";
import { liveMember } from "../people/members";
import { userV1View } from "../people/views";
import type { Handler, HandlerTablePart } from "../http/context";

/** GET /v1/user: the caller (the key's person, the acting-as person, or the first admin for the service's key). */
const getUserV1: Handler<"v1.user"> = async ({ people, caller }) =>
  json(userV1View(await liveMember(people, caller.personId)));

/** The routes of lib/api/routes.ts this file answers. */
export const userHandlers = {
  "v1.user": getUserV1,
} satisfies HandlerTablePart;
