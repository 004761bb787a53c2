import "server-only";
import type { ResolveTask } from "@/lib/api";
import { HttpError } from "../errors";
import { firstDifference } from "./deep-equal";
import type { PendingRequest } from "./requests";

/** What a valid resolve does to the pending request. */
export type Decision =
  { kind: "integrations"; index: number; connected: string[] } | { kind: "permissions"; index: number };

/**
 * The resolve rules of interface.md 4.5 and interface.md Part 3, given the request the chat's latest message waits on:
 * - nothing pending (the chat moved on, or never asked) → 409 `task_not_pending`;
 * - a task of the other type addresses an older request, not the latest blocked one (e.g. a follow-up replaced a
 *   permission request with an integration request) → 409 `stale_task` (interface.md 7.3); only a malformed task is 422;
 * - confirmed-steps: every name must be one of the requested integrations or MCP presets, spelled exactly as
 *   requested (a subset is fine: the others are not connected); an unknown name → 409 `integration_mismatch`;
 *   an empty list rejects the request;
 * - confirmed-permissions: deep-equal to the pending suggestedPermissions, else 409 `permissions_mismatch`. An item
 *   passed back without `toolDisplayName` (a label only; the real service's document has none, so clients speaking
 *   it, and the service in document mode, leave it out) is compared without it.
 */
export function judgeResolve(pending: PendingRequest | null, task: ResolveTask): Decision {
  if (!pending) {
    throw new HttpError(
      409,
      "Nothing to resolve: the chat's latest assistant message is not waiting for an answer (the chat has moved on).",
      "task_not_pending",
    );
  }
  if (pending.kind === "integrations") {
    if (task.type !== "confirmed-steps") {
      throw staleTask("integrations", "confirmed-steps");
    }
    const requested = [...pending.requestedIntegrations, ...pending.requestedMcpPresets];
    const names = [...new Set(task.connectedIntegrationNames)];
    const unknown = names.filter((n) => !requested.includes(n));
    if (unknown.length) {
      throw new HttpError(
        409,
        `connectedIntegrationNames must name integrations exactly as requested (${requested.join(", ")}); not requested: ${unknown.join(", ")}.`,
        "integration_mismatch",
      );
    }
    return { kind: "integrations", index: pending.index, connected: requested.filter((n) => names.includes(n)) };
  }
  if (task.type !== "confirmed-permissions") {
    throw staleTask("permissions", "confirmed-permissions");
  }
  const expected = pending.suggestedPermissions.map((item, i) => {
    const given = task.permissions[i] as object | undefined;
    if (!given || "toolDisplayName" in given) return item;
    const { toolDisplayName: _label, ...rest } = item as typeof item & { toolDisplayName?: string };
    return rest;
  });
  const differs = firstDifference(task.permissions, expected);
  if (differs !== null) {
    throw new HttpError(
      409,
      `permissions differ from the pending suggestedPermissions (at permissions${differs}); pass them back unchanged.`,
      "permissions_mismatch",
    );
  }
  return { kind: "permissions", index: pending.index };
}

/** A task of the other type answers a request that is no longer the latest blocked one. */
function staleTask(pending: "integrations" | "permissions", answer: string): HttpError {
  return new HttpError(
    409,
    `task.type: the task addresses an older request; the chat's latest blocked message asks for ${pending} (answer it with ${answer}).`,
    "stale_task",
  );
}
