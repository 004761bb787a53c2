import "server-only";
import { APICallError } from "ai";

/** Why a model-backed answer ended with an error: a sentence for the user and a code for clients. */
export interface Failure {
  message: string;
  code: "model_unreachable" | "model_error" | "model_timeout" | "model_stream_dropped" | "model_not_configured";
}

/** The error and its causes, outermost first. */
function chain(error: unknown): unknown[] {
  const seen: unknown[] = [];
  for (let e = error; e && seen.length < 6 && !seen.includes(e); e = (e as { cause?: unknown }).cause) seen.push(e);
  return seen;
}

const text = (e: unknown) =>
  e instanceof Error ? `${e.name} ${e.message} ${(e as { code?: string }).code ?? ""}` : String(e);

/** The API's own error message from a JSON error body (`{error: {message}}` or `{message}`), cut short. */
function apiMessage(body: string | undefined): string | null {
  if (!body) return null;
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown };
    const m = typeof parsed.error === "string" ? parsed.error : (parsed.error?.message ?? parsed.message);
    if (typeof m === "string" && m.trim()) return m.trim().slice(0, 300);
  } catch {
    // not JSON
  }
  return body.trim().slice(0, 300) || null;
}

/** Describes an error of the model call (the time-out is told apart by the caller, which owns the timer). */
export function describeFailure(error: unknown, where: string): Failure {
  const errors = chain(error);
  const api = errors.find((e): e is APICallError => APICallError.isInstance(e));
  // An error while reading a 200 response's stream carries that status: it is not an HTTP error.
  if (api?.statusCode && api.statusCode >= 400) {
    const detail = apiMessage(api.responseBody);
    return {
      code: "model_error",
      message: `The model API at ${where} answered HTTP ${api.statusCode}${detail ? `: ${detail}` : ""}. Try again, or check the model's configuration.`,
    };
  }
  const all = errors.map(text).join(" | ");
  if (
    /terminated|other side closed|ended without a finish reason|ECONNRESET|socket hang up|premature close|UND_ERR_SOCKET/i.test(
      all,
    ) &&
    (!api || (api.statusCode ?? 0) >= 200)
  ) {
    return {
      code: "model_stream_dropped",
      message: `The connection to the model API at ${where} broke off before the answer was complete. Try again.`,
    };
  }
  if (api || /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|fetch failed|Cannot connect/i.test(all)) {
    const cause = errors.at(-1);
    return {
      code: "model_unreachable",
      message: `Could not reach the model API at ${where}${cause instanceof Error ? ` (${cause.message})` : ""}. Is it running?`,
    };
  }
  const first = errors[0];
  return {
    code: "model_error",
    message: `The model API at ${where} failed: ${first instanceof Error ? first.message : String(first)}`.slice(
      0,
      500,
    ),
  };
}

/** The answer ran past its time limit. */
export function timeoutFailure(where: string, timeoutMs: number): Failure {
  const limit = timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`;
  return {
    code: "model_timeout",
    message: `The model at ${where} did not finish the answer within ${limit}; it was cut off there. Try again or ask for less.`,
  };
}

/** The stream ended without the model saying it was done (no finish reason): it was cut off. */
export function droppedFailure(where: string): Failure {
  return {
    code: "model_stream_dropped",
    message: `The model API at ${where} ended the stream before the answer was complete. Try again.`,
  };
}
