// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PromptBox } from "./prompt-box";

afterEach(cleanup);

describe("PromptBox", () => {
  it("sends on Enter and clears the box when the prompt is accepted", async () => {
    const onSubmit = vi.fn(async () => true);
    render(<PromptBox label="Prompt" onSubmit={onSubmit} />);
    const box = screen.getByTestId("composer");
    await userEvent.type(box, "make a todo app{Enter}");
    expect(onSubmit).toHaveBeenCalledWith("make a todo app");
    expect(box).toHaveValue("");
  });

  it("adds a newline on Shift+Enter instead of sending", async () => {
    const onSubmit = vi.fn();
    render(<PromptBox label="Prompt" onSubmit={onSubmit} />);
    const box = screen.getByTestId("composer");
    await userEvent.type(box, "line one{Shift>}{Enter}{/Shift}line two");
    expect(onSubmit).not.toHaveBeenCalled();
    expect(box).toHaveValue("line one\nline two");
  });

  it("keeps the text when the prompt is refused", async () => {
    render(<PromptBox label="Prompt" onSubmit={async () => false} />);
    const box = screen.getByTestId("composer");
    await userEvent.type(box, "hello");
    await userEvent.click(screen.getByTestId("send-button"));
    expect(box).toHaveValue("hello");
  });

  it("cannot send blank prompts, nor while disabled", async () => {
    const onSubmit = vi.fn();
    const { rerender } = render(<PromptBox label="Prompt" onSubmit={onSubmit} />);
    expect(screen.getByTestId("send-button")).toBeDisabled();
    await userEvent.type(screen.getByTestId("composer"), "   {Enter}");
    expect(onSubmit).not.toHaveBeenCalled();
    rerender(<PromptBox label="Prompt" onSubmit={onSubmit} disabled />);
    await userEvent.type(screen.getByTestId("composer"), "hi{Enter}");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("is labelled for assistive technology", () => {
    render(<PromptBox label="Message the agent" onSubmit={() => undefined} />);
    expect(screen.getByRole("textbox", { name: "Message the agent" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Send" })).toBeInTheDocument();
  });

  it("while generating, the action stops instead of sending: a click or Esc in the box", async () => {
    const onStop = vi.fn();
    const onSubmit = vi.fn();
    render(<PromptBox label="Prompt" onSubmit={onSubmit} disabled stop={{ onStop, ready: true, pending: false }} />);
    expect(screen.queryByTestId("send-button")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Stop generating" }));
    await userEvent.type(screen.getByTestId("composer"), "{Escape}");
    expect(onStop).toHaveBeenCalledTimes(2);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("cannot stop before the answer has started, nor twice while a stop is pending", async () => {
    const onStop = vi.fn();
    const { rerender } = render(
      <PromptBox label="Prompt" onSubmit={vi.fn()} disabled stop={{ onStop, ready: false, pending: false }} />,
    );
    expect(screen.getByTestId("stop-button")).toBeDisabled();
    await userEvent.type(screen.getByTestId("composer"), "{Escape}");
    rerender(<PromptBox label="Prompt" onSubmit={vi.fn()} disabled stop={{ onStop, ready: true, pending: true }} />);
    expect(screen.getByRole("button", { name: "Stopping" })).toBeDisabled();
    await userEvent.type(screen.getByTestId("composer"), "{Escape}");
    expect(onStop).not.toHaveBeenCalled();
  });
});
