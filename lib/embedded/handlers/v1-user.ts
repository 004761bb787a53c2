import "server-only";
import { json } from "../http/respond";
import { embeddedUserV1 } from "../views/v1";
import type { Handler } from "./context";

/** GET /v1/user: the embedded service's one account. */
export const getUserV1: Handler<"v1.user"> = async () => json(embeddedUserV1());
