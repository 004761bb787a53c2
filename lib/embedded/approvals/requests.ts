import "server-only";
import type { AgentActionPart, Part, SuggestedPermission, ToolCallPart } from "@/lib/api";
import type { MessageRow } from "../store";

/**
 * The two requests an assistant message can end with while it waits for the user (interface.md Part 3), as parts:
 *
 * - integrations: an `agent-action` part named `get_or_request_integration` with `data.requestedIntegrations`
 *   (and `data.requestedMcpPresets`). Our extension in `data`: `status` "pending" → "connected" (with
 *   `connectedIntegrationNames`) or "rejected" (with `rejectedBy`: "user" for an empty confirmed-steps,
 *   "new-message" when the user sent another message instead).
 * - permissions: a `tool-call` part named `run_script` with `suggestedPermissions` while pending. Once answered
 *   the suggestedPermissions are removed (interface.md 2.4: "omitted once the tool has run") and the part gets
 *   `status: "ok"`, `output: {approved: true}`, or `status: "error"`, `output: {approved: false, rejectedBy, reason}`.
 *
 * This module builds, reads and marks those parts; it knows nothing about HTTP or the database.
 */

const INTEGRATION_ACTION = "get_or_request_integration";
const SCRIPT_TOOL = "run_script";

type RejectedBy = "user" | "new-message";

export type PendingRequest =
  | { kind: "integrations"; index: number; requestedIntegrations: string[]; requestedMcpPresets: string[] }
  | { kind: "permissions"; index: number; suggestedPermissions: SuggestedPermission[] };

/** How an answered request ended, read back from its part. */
type RequestOutcome =
  | {
      kind: "integrations";
      requested: string[];
      connected: string[];
      rejectedBy: RejectedBy | null;
    }
  | { kind: "permissions"; command: string; path: string; approved: boolean; rejectedBy: RejectedBy | null };

interface ScriptInput {
  command: string;
  path: string;
  cwd: string;
}

/** The command that runs a script, by its extension. */
export function scriptCommand(path: string): string {
  if (/\.(ts|mts|cts|tsx)$/.test(path)) return `npx tsx ${path}`;
  if (/\.(js|mjs|cjs)$/.test(path)) return `node ${path}`;
  if (/\.py$/.test(path)) return `python3 ${path}`;
  if (/\.sh$/.test(path)) return `bash ${path}`;
  return `./${path.replace(/^\.\//, "")}`;
}

export function integrationRequestPart(integrations: string[], mcpPresets: string[]): AgentActionPart {
  return {
    type: "agent-action",
    name: INTEGRATION_ACTION,
    summary: `Requested ${[...integrations, ...mcpPresets].join(", ")}`,
    data: {
      requestedIntegrations: integrations,
      requestedMcpPresets: mcpPresets,
      status: "pending",
    },
  };
}

export function permissionRequestPart(path: string): ToolCallPart {
  const input: ScriptInput = { command: scriptCommand(path), path, cwd: "." };
  return {
    type: "tool-call",
    name: SCRIPT_TOOL,
    toolDisplayName: "Run script",
    input,
    suggestedPermissions: [
      {
        type: "ALLOW_DYNAMIC_TOOL_STRICT",
        toolName: SCRIPT_TOOL,
        input,
        toolDisplayName: "Run script",
        taskNameActive: `Running ${path}`,
        taskNameComplete: `Ran ${path}`,
        userMessage: `Allow the agent to run \`${input.command}\`? The script runs with the project's credentials and can change data outside the project.`,
      },
    ],
  };
}

/**
 * The model-backed agent's request to run a command (AGENT_ALLOW_COMMANDS=1): the same `run_script` permission request,
 * with the command as the input (`path` empty); once approved it runs in the sandbox on a temporary copy of the chat's
 * files. `reach`: what it can reach there, said to the user (lib/embedded/sandbox `describeReach`).
 */
export function commandRequestPart(command: string, reach: string): ToolCallPart {
  const input: ScriptInput = { command, path: "", cwd: "." };
  return {
    type: "tool-call",
    name: SCRIPT_TOOL,
    toolDisplayName: "Run command",
    input,
    suggestedPermissions: [
      {
        type: "ALLOW_DYNAMIC_TOOL_STRICT",
        toolName: SCRIPT_TOOL,
        input,
        toolDisplayName: "Run command",
        taskNameActive: `Running ${command}`,
        taskNameComplete: `Ran ${command}`,
        userMessage: `Allow the agent to run \`${command}\`? ${reach}`,
      },
    ],
  };
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === "string") : []);

function isIntegrationPart(part: Part): part is AgentActionPart {
  return part.type === "agent-action" && (part as AgentActionPart).name === INTEGRATION_ACTION;
}

function isScriptPart(part: Part): part is ToolCallPart {
  return part.type === "tool-call" && (part as ToolCallPart).name === SCRIPT_TOOL;
}

/** The index of the message's request part (the last integration or script part), or -1. */
function requestIndex(parts: readonly Part[]): number {
  for (let i = parts.length - 1; i >= 0; i--) if (isIntegrationPart(parts[i]!) || isScriptPart(parts[i]!)) return i;
  return -1;
}

/** The request an assistant message waits on: finishReason "tool-calls" and a request part still pending. */
export function pendingRequestOf(message: Pick<MessageRow, "role" | "finishReason" | "parts">): PendingRequest | null {
  if (message.role !== "assistant" || message.finishReason !== "tool-calls") return null;
  const index = requestIndex(message.parts);
  if (index < 0) return null;
  const part = message.parts[index]!;
  if (isIntegrationPart(part)) {
    const data = part.data ?? {};
    const status = data.status;
    if (status === "connected" || status === "rejected") return null;
    return {
      kind: "integrations",
      index,
      requestedIntegrations: strings(data.requestedIntegrations),
      requestedMcpPresets: strings(data.requestedMcpPresets),
    };
  }
  const suggested = (part as ToolCallPart).suggestedPermissions;
  if (!suggested?.length) return null;
  return { kind: "permissions", index, suggestedPermissions: suggested };
}

/** How the message's request was answered, or null when it has none or it is still pending. */
export function outcomeOf(message: Pick<MessageRow, "role" | "finishReason" | "parts">): RequestOutcome | null {
  if (message.role !== "assistant" || message.finishReason !== "tool-calls") return null;
  const index = requestIndex(message.parts);
  if (index < 0) return null;
  const part = message.parts[index]!;
  if (isIntegrationPart(part)) {
    const data = part.data ?? {};
    const { status } = data;
    if (status !== "connected" && status !== "rejected") return null;
    return {
      kind: "integrations",
      requested: [...strings(data.requestedIntegrations), ...strings(data.requestedMcpPresets)],
      connected: status === "connected" ? strings(data.connectedIntegrationNames) : [],
      rejectedBy: status === "rejected" ? rejectedByOf(data.rejectedBy) : null,
    };
  }
  const tool = part as ToolCallPart;
  if (tool.suggestedPermissions?.length || !isObj(tool.output) || !isObj(tool.input)) return null;
  return {
    kind: "permissions",
    command: String(tool.input.command ?? ""),
    path: String(tool.input.path ?? ""),
    approved: tool.output.approved === true,
    rejectedBy: tool.output.approved === true ? null : rejectedByOf(tool.output.rejectedBy),
  };
}

const rejectedByOf = (v: unknown): RejectedBy => (v === "user" ? "user" : "new-message");

/** The parts with the integration request answered: connected names (none = rejected). */
export function answerIntegrations(
  parts: readonly Part[],
  index: number,
  connected: string[],
  rejectedBy: RejectedBy = "user",
): Part[] {
  const part = parts[index] as AgentActionPart;
  const data: AgentActionPart["data"] = { ...part.data };
  delete data.connectedIntegrationNames;
  delete data.rejectedBy;
  if (connected.length) Object.assign(data, { status: "connected", connectedIntegrationNames: connected });
  else Object.assign(data, { status: "rejected", rejectedBy });
  return replaceAt(parts, index, { ...part, data });
}

/** The parts with the permission request answered: approved, or rejected because the user sent another message. */
export function answerPermissions(parts: readonly Part[], index: number, approved: boolean): Part[] {
  const { suggestedPermissions: _answered, ...part } = parts[index] as ToolCallPart;
  const answered: ToolCallPart = approved
    ? { ...part, status: "ok", output: { approved: true } }
    : {
        ...part,
        status: "error",
        output: {
          approved: false,
          rejectedBy: "new-message",
          reason: "The user sent another message instead of approving.",
        },
      };
  return replaceAt(parts, index, answered);
}

function replaceAt(parts: readonly Part[], index: number, part: Part): Part[] {
  return parts.map((p, i) => (i === index ? part : p));
}
