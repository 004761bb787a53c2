// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import type { PendingTask } from "@/lib/api/pending";
import type { ResolveBody } from "@/lib/api/schemas";
import { ApprovalDialog } from "./approval-dialog";

afterEach(cleanup);

const integrations: PendingTask = {
  kind: "integrations",
  messageId: "m1",
  partIndex: 2,
  integrations: ["Stripe", "Neon"],
  mcpPresets: ["Linear"],
};
const permission = {
  type: "ALLOW_DYNAMIC_TOOL_STRICT" as const,
  toolName: "run_script",
  input: { command: "npx tsx scripts/seed.ts", path: "scripts/seed.ts", cwd: "." },
  toolDisplayName: "Run script",
  taskNameActive: "Running scripts/seed.ts",
  taskNameComplete: "Ran scripts/seed.ts",
  userMessage: "Allow the agent to run `npx tsx scripts/seed.ts`? <b>not html</b>",
};
const permissions: PendingTask = {
  kind: "permissions",
  messageId: "m2",
  partIndex: 3,
  toolName: "run_script",
  toolDisplayName: "Run script",
  input: permission.input,
  permissions: [permission],
};

function renderDialog(task: PendingTask, over: { sending?: boolean; error?: Error | null } = {}) {
  const answers: ResolveBody[] = [];
  const changes: boolean[] = [];
  let wrote = 0;
  render(
    <ApprovalDialog
      open
      onOpenChange={(o) => changes.push(o)}
      task={task}
      sending={over.sending ?? false}
      error={over.error ?? null}
      onAnswer={(b) => answers.push(b)}
      onWriteMessage={() => wrote++}
    />,
  );
  return { answers, changes, wrote: () => wrote };
}

describe("ApprovalDialog: integrations", () => {
  it("is a labelled dialog listing each integration and MCP preset with an 'installed' checkbox", () => {
    renderDialog(integrations);
    const dialog = screen.getByRole("dialog", { name: "Install integrations" });
    expect(dialog).toHaveAttribute("data-task", "integration");
    expect(
      within(dialog)
        .getAllByRole("checkbox")
        .map((c) => c.getAttribute("aria-label")),
    ).toEqual(["Stripe installed", "Neon installed", "Linear installed"]);
    expect(within(dialog).getByText("MCP preset")).toBeInTheDocument();
  });

  it("Confirm sends exactly the ticked names; it is disabled while none is ticked", async () => {
    const user = userEvent.setup();
    const { answers } = renderDialog(integrations);
    const confirm = screen.getByTestId("approve-button");
    expect(confirm).toBeDisabled();
    await user.click(screen.getByLabelText("Linear installed"));
    await user.click(screen.getByLabelText("Stripe installed"));
    await user.click(confirm);
    expect(answers).toEqual([{ task: { type: "confirmed-steps", connectedIntegrationNames: ["Stripe", "Linear"] } }]);
  });

  it("Reject asks once more, then sends an empty list", async () => {
    const user = userEvent.setup();
    const { answers } = renderDialog(integrations);
    await user.click(screen.getByTestId("reject-button"));
    expect(answers).toEqual([]);
    expect(screen.getByRole("group", { name: "Reject the request" })).toHaveTextContent(
      /continues without Stripe, Neon, Linear/,
    );
    await user.click(screen.getByTestId("confirm-reject-button"));
    expect(answers).toEqual([{ task: { type: "confirmed-steps", connectedIntegrationNames: [] } }]);
  });

  it("while sending every answer is disabled; Esc asks to close", async () => {
    const user = userEvent.setup();
    const { changes } = renderDialog(integrations, { sending: true });
    expect(screen.getByTestId("approve-button")).toBeDisabled();
    expect(screen.getByTestId("reject-button")).toBeDisabled();
    await user.keyboard("{Escape}");
    expect(changes).toEqual([false]);
  });

  it("a failed answer says so", () => {
    renderDialog(integrations, { error: new Error("offline.") });
    expect(screen.getByRole("alert")).toHaveTextContent("The answer was not accepted: offline. Try again.");
  });
});

describe("ApprovalDialog: permissions", () => {
  it("shows the tool, the input JSON, the userMessage as text and a danger warning", () => {
    renderDialog(permissions);
    const dialog = screen.getByRole("dialog", { name: "Approve a permission" });
    expect(dialog).toHaveAttribute("data-task", "permissions");
    expect(dialog).toHaveTextContent("Run script");
    expect(dialog).toHaveTextContent('"command": "npx tsx scripts/seed.ts"');
    expect(screen.getByTestId("permission-user-message")).toHaveTextContent("<b>not html</b>");
    expect(screen.getByTestId("danger-warning")).toHaveTextContent(/Dangerous/);
  });

  it("Approve sends the pending items unchanged", async () => {
    const user = userEvent.setup();
    const { answers } = renderDialog(permissions);
    await user.click(screen.getByTestId("approve-button"));
    expect(answers).toEqual([{ task: { type: "confirmed-permissions", permissions: [permission] } }]);
  });

  it("Deny explains that another message rejects the request, and offers to write one", async () => {
    const user = userEvent.setup();
    const { answers, wrote } = renderDialog(permissions);
    await user.click(screen.getByTestId("reject-button"));
    expect(screen.getByTestId("deny-explanation")).toHaveTextContent(/Sending another message rejects it/);
    await user.click(screen.getByTestId("write-message-button"));
    expect(wrote()).toBe(1);
    expect(answers).toEqual([]);
  });
});
