import type { Message, Part, ResolveBody, SuggestedPermission } from "./schemas";

/**
 * What the chat waits on, read from v2 messages (interface.md Part 3, 4.5), and the resolve bodies that answer it.
 * Isomorphic and pure: the dashboard's approval banner and dialog use it, tests drive it directly.
 *
 * Only the chat's latest message can be resolved: it must be an assistant message with
 * `finishReason: "tool-calls"` whose request part is still pending:
 * - integrations: an `agent-action` part named `get_or_request_integration` (pending unless our `data.status`
 *   says `connected` or `rejected`; a service without `status` counts as pending while the message is latest);
 * - permissions: a `tool-call` part with a non-empty `suggestedPermissions` (removed once answered, interface.md 2.4).
 */

const INTEGRATION_ACTION = "get_or_request_integration";

export type PendingTask =
  | {
      kind: "integrations";
      messageId: string;
      partIndex: number;
      integrations: string[];
      mcpPresets: string[];
    }
  | {
      kind: "permissions";
      messageId: string;
      partIndex: number;
      /** The tool-call part's own name, display name and input (display only). */
      toolName: string;
      toolDisplayName: string | null;
      input: unknown;
      /** Exactly as received: they are sent back unchanged. */
      permissions: SuggestedPermission[];
    };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === "string") : []);

function isIntegrationRequest(part: Part): boolean {
  return part.type === "agent-action" && (part as Obj).name === INTEGRATION_ACTION;
}

function hasSuggestedPermissions(part: Part): boolean {
  const suggested = (part as Obj).suggestedPermissions;
  return part.type === "tool-call" && Array.isArray(suggested) && suggested.length > 0;
}

/** The request a message waits on, or null. */
export function pendingTaskOfMessage(message: Message): PendingTask | null {
  if (message.role !== "assistant" || message.finishReason !== "tool-calls") return null;
  const parts = message.parts ?? [];
  for (let i = parts.length - 1; i >= 0; i--) {
    const part = parts[i]!;
    if (isIntegrationRequest(part)) {
      const data = isObj((part as Obj).data) ? ((part as Obj).data as Obj) : {};
      if (data.status === "connected" || data.status === "rejected") return null;
      const integrations = strings(data.requestedIntegrations);
      const mcpPresets = strings(data.requestedMcpPresets);
      if (!integrations.length && !mcpPresets.length) return null;
      return { kind: "integrations", messageId: message.id, partIndex: i, integrations, mcpPresets };
    }
    if (part.type === "tool-call") {
      if (!hasSuggestedPermissions(part)) return null;
      const tool = part as Obj;
      return {
        kind: "permissions",
        messageId: message.id,
        partIndex: i,
        toolName: typeof tool.name === "string" ? tool.name : "",
        toolDisplayName: typeof tool.toolDisplayName === "string" ? tool.toolDisplayName : null,
        input: tool.input,
        permissions: tool.suggestedPermissions as SuggestedPermission[],
      };
    }
  }
  return null;
}

/** The task the chat waits on: only its latest message (oldest → newest list) counts. */
export function pendingTaskOf(messages: readonly Message[]): PendingTask | null {
  const latest = messages.at(-1);
  return latest ? pendingTaskOfMessage(latest) : null;
}

/** Every name the user can confirm: the integrations, then the MCP presets, as requested. */
export function requestedNames(task: Extract<PendingTask, { kind: "integrations" }>): string[] {
  return [...new Set([...task.integrations, ...task.mcpPresets])];
}

/**
 * `confirmed-steps` with exactly the checked names, spelled and ordered as requested. Names that were not
 * requested are dropped (the service would answer 409). No name checked rejects the request.
 */
export function confirmStepsBody(
  task: Extract<PendingTask, { kind: "integrations" }>,
  checked: Iterable<string>,
): ResolveBody {
  const chosen = new Set(checked);
  return {
    task: { type: "confirmed-steps", connectedIntegrationNames: requestedNames(task).filter((n) => chosen.has(n)) },
  };
}

/** `confirmed-steps` with an empty list: the request is rejected, the agent continues without. */
export function rejectStepsBody(): ResolveBody {
  return { task: { type: "confirmed-steps", connectedIntegrationNames: [] } };
}

/** `confirmed-permissions` with the pending items passed back unchanged (the service compares them deeply). */
export function approvePermissionsBody(task: Extract<PendingTask, { kind: "permissions" }>): ResolveBody {
  return { task: { type: "confirmed-permissions", permissions: structuredClone(task.permissions) } };
}

/** A short sentence for the banner: what the agent waits for. */
export function describePendingTask(task: PendingTask): string {
  if (task.kind === "integrations") {
    const names = [...task.integrations, ...task.mcpPresets.map((p) => `MCP: ${p}`)];
    return `The agent asks you to install ${joinNames(names)} before it continues.`;
  }
  const label =
    task.permissions[0]?.toolDisplayName ||
    task.toolDisplayName ||
    task.permissions[0]?.toolName ||
    task.toolName ||
    "a tool";
  return `The agent asks for permission to use ${label}${task.permissions.length > 1 ? ` (and ${task.permissions.length - 1} more)` : ""}.`;
}

function joinNames(names: string[]): string {
  if (names.length <= 1) return names[0] ?? "an integration";
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}
