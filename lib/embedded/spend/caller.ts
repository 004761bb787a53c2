import "server-only";
import { EMBEDDED_AUTHOR_ID } from "../author";

/** Who makes a request, as the router resolves it (docs/people.md): the person and their role. */
export interface Caller {
  personId: string;
  role: "admin" | "member" | "viewer";
}

/** The caller of a handler's request; a context without one (no people yet) is the first admin's. */
export function callerOf(ctx: object): Caller {
  const caller = (ctx as { caller?: Caller }).caller;
  return caller ?? { personId: EMBEDDED_AUTHOR_ID, role: "admin" };
}
