// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { sampleMessage } from "@/lib/api/testing/fixtures";
import type { TimelineEntry } from "@/lib/hooks/merge-timeline";
import { MessageView } from "./message-view";

afterEach(cleanup);

const entry = (over: Partial<TimelineEntry> = {}): TimelineEntry => ({
  key: "k",
  message: sampleMessage(),
  live: false,
  streaming: false,
  ...over,
});

describe("MessageView", () => {
  it("renders an assistant message with role, id, parts in order, content and usage", () => {
    render(<MessageView entry={entry()} />);
    const message = screen.getByTestId("message");
    expect(message).toHaveAttribute("data-role", "assistant");
    expect(message).toHaveAttribute("data-message-id", "msg_2");
    expect(screen.getAllByTestId("part")).toHaveLength(8);
    expect(screen.getByTestId("message-content")).toHaveTextContent("Done.");
    const usage = screen.getByTestId("usage");
    expect(usage).toHaveTextContent("svc-pro");
    expect(usage).toHaveTextContent("36 tokens");
    expect(usage).toHaveTextContent("0.36 credits");
  });

  it("shows the finish reason only when it is not stop", () => {
    const { rerender } = render(<MessageView entry={entry()} />);
    expect(screen.queryByTitle(/finishReason/)).toBeNull();
    rerender(<MessageView entry={entry({ message: sampleMessage({ finishReason: "length" }) })} />);
    expect(screen.getByTitle("finishReason: length")).toHaveTextContent("length limit");
  });

  it("shows a streaming indicator while generating and an inline error with its code", () => {
    render(<MessageView entry={entry({ streaming: true, error: { message: "Agent crashed", code: "agent_error" } })} />);
    expect(screen.getByTestId("streaming-indicator")).toBeInTheDocument();
    const alert = screen.getByTestId("stream-error");
    expect(alert).toHaveTextContent("Agent crashed");
    expect(alert).toHaveTextContent("agent_error");
  });

  it("does not repeat content that only restates the text part", () => {
    const message = sampleMessage({ content: "All done.", parts: [{ type: "thinking", text: "hm" }, { type: "text", text: "All done." }] });
    render(<MessageView entry={entry({ message })} />);
    expect(screen.queryByTestId("message-content")).toBeNull();
    expect(screen.getByText("All done.")).toBeInTheDocument();
  });

  it("renders a user message as plain text", () => {
    render(<MessageView entry={entry({ message: sampleMessage({ id: "msg_1", role: "user", content: "<b>hi</b>\nthere", parts: [] }) })} />);
    const message = screen.getByTestId("message");
    expect(message).toHaveAttribute("data-role", "user");
    expect(message.querySelector("b")).toBeNull();
    expect(message).toHaveTextContent("<b>hi</b>");
  });
});
