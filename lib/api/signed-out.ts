import { ServiceError } from "./errors";

/**
 * The dashboard's own 401, from its proxy and its JSON routes: no live session (never signed in, signed out, or the
 * person was disabled, deleted or had their sessions ended). Not a service's 401 (a key it refuses): the pages go to
 * the sign-in page on this one only.
 */
export const SIGNED_OUT_MESSAGE = "Sign in to the dashboard first.";

export function isSignedOut(error: unknown): boolean {
  return error instanceof ServiceError && error.status === 401 && error.message === SIGNED_OUT_MESSAGE;
}
