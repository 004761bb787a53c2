// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { chatConfirmName } from "@/components/chat/delete-chat-section";
import { TypedDeleteDialog } from "./typed-delete-dialog";

afterEach(cleanup);

function renderDialog(props: Partial<Parameters<typeof TypedDeleteDialog>[0]> = {}) {
  const onConfirm = vi.fn();
  const onOpenChange = vi.fn();
  render(
    <TypedDeleteDialog
      name="Tide table"
      title="Delete chat?"
      description="It is removed."
      confirmLabel="Delete chat"
      errorTitle="The chat was not deleted"
      onOpenChange={onOpenChange}
      onConfirm={onConfirm}
      pending={false}
      error={null}
      {...props}
    />,
  );
  return { onConfirm, onOpenChange };
}

describe("TypedDeleteDialog", () => {
  it("stays disabled until the exact name is typed; Enter then confirms once", async () => {
    const user = userEvent.setup();
    const { onConfirm } = renderDialog();
    const button = screen.getByRole("button", { name: "Delete chat" });
    const input = screen.getByLabelText(/to confirm/);
    expect(input).toHaveFocus();
    expect(button).toBeDisabled();
    await user.type(input, "Tide tabl{Enter}");
    expect(onConfirm).not.toHaveBeenCalled();
    await user.type(input, "e");
    expect(button).toBeEnabled();
    await user.type(input, "{Enter}");
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it("sends nothing while the delete is pending and shows the service's error", async () => {
    const user = userEvent.setup();
    const { onConfirm } = renderDialog({ pending: true, error: new Error("Chat is generating") });
    expect(screen.getByRole("button", { name: "Delete chat" })).toBeDisabled();
    expect(screen.getByLabelText(/to confirm/)).toBeDisabled();
    expect(screen.getByText("The chat was not deleted")).toBeInTheDocument();
    expect(screen.getByText(/Chat is generating/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Delete chat" }));
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("is closed without a name", () => {
    renderDialog({ name: null });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});

describe("chatConfirmName", () => {
  it("is the title, or the id while the chat has none", () => {
    expect(chatConfirmName({ id: "chat_1", title: "  Tide table " })).toBe("Tide table");
    expect(chatConfirmName({ id: "chat_1" })).toBe("chat_1");
    expect(chatConfirmName({ id: "chat_1", title: "" })).toBe("chat_1");
  });
});
