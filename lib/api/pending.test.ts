import { describe, expect, test } from "vitest";
import { ResolveBody, type Message, type Part } from "./schemas";
import { sampleMessage } from "./testing/fixtures";
import {
  approvePermissionsBody,
  confirmStepsBody,
  describePendingTask,
  pendingTaskOf,
  pendingTaskOfMessage,
  rejectStepsBody,
  requestedNames,
  type PendingTask,
} from "./pending";

const integrationPart = (data: Record<string, unknown>): Part => ({
  type: "agent-action",
  name: "get_or_request_integration",
  data,
});
const permission = {
  type: "ALLOW_DYNAMIC_TOOL_STRICT" as const,
  toolName: "run_script",
  input: { command: "npx tsx scripts/seed.ts", path: "scripts/seed.ts", cwd: "." },
  toolDisplayName: "Run script",
  taskNameActive: "Running scripts/seed.ts",
  taskNameComplete: "Ran scripts/seed.ts",
  userMessage: "Allow the agent to run `npx tsx scripts/seed.ts`?",
  extra: { kept: true },
};
const scriptPart = (over: Record<string, unknown> = {}): Part => ({
  type: "tool-call",
  name: "run_script",
  toolDisplayName: "Run script",
  input: permission.input,
  suggestedPermissions: [permission],
  ...over,
});

const blocked = (parts: Part[], over: Partial<Message> = {}): Message =>
  sampleMessage({
    id: "msg_blocked",
    role: "assistant",
    finishReason: "tool-calls",
    parts: [{ type: "text", text: "I need…" }, ...parts],
    ...over,
  });
const user = sampleMessage({ id: "msg_user", role: "user", parts: [], content: "hi", finishReason: "stop" });

type Integrations = Extract<PendingTask, { kind: "integrations" }>;
type Permissions = Extract<PendingTask, { kind: "permissions" }>;

describe("pendingTaskOf: what the chat's latest message waits on", () => {
  test("an integration request with integrations and MCP presets", () => {
    const task = pendingTaskOf([
      user,
      blocked([
        integrationPart({
          requestedIntegrations: ["Stripe", "Neon"],
          requestedMcpPresets: ["Linear"],
          status: "pending",
        }),
      ]),
    ]);
    expect(task).toEqual({
      kind: "integrations",
      messageId: "msg_blocked",
      partIndex: 1,
      integrations: ["Stripe", "Neon"],
      mcpPresets: ["Linear"],
    });
    expect(requestedNames(task as Integrations)).toEqual(["Stripe", "Neon", "Linear"]);
  });

  test("a service without our status field: pending while it is the latest blocked message", () => {
    expect(pendingTaskOfMessage(blocked([integrationPart({ requestedIntegrations: ["Stripe"] })]))).toMatchObject({
      kind: "integrations",
    });
  });

  test("a permission request keeps the items exactly as received", () => {
    const task = pendingTaskOf([user, blocked([scriptPart()])]) as Permissions;
    expect(task).toMatchObject({
      kind: "permissions",
      messageId: "msg_blocked",
      partIndex: 1,
      toolName: "run_script",
      toolDisplayName: "Run script",
    });
    expect(task.permissions).toEqual([permission]);
  });

  test.each<[string, Message[]]>([
    ["no messages", []],
    ["a user message is latest", [blocked([scriptPart()]), user]],
    ["a finished message", [blocked([scriptPart()], { finishReason: "stop" })]],
    ["still generating", [blocked([scriptPart()], { finishReason: null })]],
    [
      "integrations answered (connected)",
      [blocked([integrationPart({ requestedIntegrations: ["Stripe"], status: "connected" })])],
    ],
    [
      "integrations rejected",
      [blocked([integrationPart({ requestedIntegrations: ["Stripe"], status: "rejected", rejectedBy: "user" })])],
    ],
    ["an integration request naming nothing", [blocked([integrationPart({})])]],
    [
      "permissions answered (suggestedPermissions removed)",
      [blocked([scriptPart({ suggestedPermissions: undefined, status: "ok" })])],
    ],
    ["empty suggestedPermissions", [blocked([scriptPart({ suggestedPermissions: [] })])]],
    ["an agent action of another name", [blocked([{ type: "agent-action", name: "plan", data: {} }])]],
    [
      "a user message with tool-calls",
      [sampleMessage({ role: "user", finishReason: "tool-calls", parts: [scriptPart()] })],
    ],
  ])("nothing pending: %s", (_label, messages) => {
    expect(pendingTaskOf(messages)).toBeNull();
  });

  test("only an older message waits: nothing pending (a resolve would be stale)", () => {
    const older = blocked([scriptPart()]);
    const newer = sampleMessage({
      id: "msg_new",
      role: "assistant",
      finishReason: "stop",
      parts: [{ type: "text", text: "done" }],
    });
    expect(pendingTaskOf([older, user, newer])).toBeNull();
  });

  test("the last request part counts (an answered one after a pending one is not pending)", () => {
    const message = blocked([scriptPart(), scriptPart({ suggestedPermissions: undefined, status: "ok" })]);
    expect(pendingTaskOfMessage(message)).toBeNull();
  });
});

describe("resolve bodies", () => {
  const integrations: Integrations = {
    kind: "integrations",
    messageId: "m",
    partIndex: 0,
    integrations: ["Stripe", "Neon"],
    mcpPresets: ["Linear"],
  };

  test("confirm sends exactly the checked names, as requested and in request order", () => {
    const body = confirmStepsBody(integrations, ["Linear", "Stripe", "Stripe"]);
    expect(body).toEqual({ task: { type: "confirmed-steps", connectedIntegrationNames: ["Stripe", "Linear"] } });
    expect(ResolveBody.parse(body)).toEqual(body);
  });

  test("names that were not requested are never sent; none checked is a rejection", () => {
    expect(confirmStepsBody(integrations, ["stripe", "Vercel"])).toEqual(rejectStepsBody());
    expect(rejectStepsBody()).toEqual({ task: { type: "confirmed-steps", connectedIntegrationNames: [] } });
  });

  test("approve passes the pending items back unchanged (a copy, unknown fields kept)", () => {
    const task = pendingTaskOfMessage(blocked([scriptPart()])) as Permissions;
    const body = approvePermissionsBody(task);
    expect(body).toEqual({ task: { type: "confirmed-permissions", permissions: [permission] } });
    expect(ResolveBody.parse(body)).toEqual(body);
    expect(body.task.type === "confirmed-permissions" && body.task.permissions[0]).not.toBe(task.permissions[0]);
  });

  test("the banner sentence names what is asked", () => {
    expect(describePendingTask(integrations)).toBe(
      "The agent asks you to install Stripe, Neon and MCP: Linear before it continues.",
    );
    const task = pendingTaskOfMessage(blocked([scriptPart()]))!;
    expect(describePendingTask(task)).toBe("The agent asks for permission to use Run script.");
  });
});
