import "server-only";
import type { ResponseMode } from "@/lib/api";

/** v1 chooses the response mode with the body field `responseMode` (wire-decisions.md 1); default sync. */
export function modeOfV1(mode: "sync" | "async" | "experimental_stream" | undefined): ResponseMode {
  return mode === "experimental_stream" ? "stream" : (mode ?? "sync");
}
