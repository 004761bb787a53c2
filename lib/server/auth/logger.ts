import "server-only";

/**
 * Auth.js's error logger. A refused sign-in (wrong credentials, or locked by the throttle) is an expected outcome, not
 * a fault: one line instead of Auth.js's stack trace, which filled the server's log whenever someone mistyped (or the
 * sign-in throttle test tried) a password. Every other error is logged as Auth.js does: name, message and stack.
 */
export function logAuthError(error: Error): void {
  const type = (error as { type?: unknown }).type;
  if (type === "CredentialsSignin") {
    const code = (error as { code?: unknown }).code;
    console.error(`[auth] sign-in refused (${typeof code === "string" ? code : "credentials"})`);
    return;
  }
  const name = typeof type === "string" ? type : error.name;
  console.error(`[auth][error] ${name}: ${error.message}`);
  const cause = error.cause;
  if (cause && typeof cause === "object" && "err" in cause && cause.err instanceof Error) {
    console.error("[auth][cause]:", cause.err.stack);
  } else if (error.stack) {
    console.error(error.stack.replace(/.*/, "").substring(1));
  }
}
