// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { CONTEXT_SUMMARY_ACTION, type Part } from "@/lib/api/schemas";
import { sampleMessage, sampleUsage } from "@/lib/api/testing/fixtures";
import type { TimelineEntry } from "@/lib/hooks/merge-timeline";
import { ChatUsageTotal, sumUsage } from "./chat-usage-total";
import { MessageView } from "./message-view";
import { waterfallRows } from "./waterfall";

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
    render(
      <MessageView entry={entry({ streaming: true, error: { message: "Agent crashed", code: "agent_error" } })} />,
    );
    expect(screen.getByTestId("streaming-indicator")).toBeInTheDocument();
    const alert = screen.getByTestId("stream-error");
    expect(alert).toHaveTextContent("Agent crashed");
    expect(alert).toHaveTextContent("agent_error");
  });

  it("does not repeat content that only restates the text part", () => {
    const message = sampleMessage({
      content: "All done.",
      parts: [
        { type: "thinking", text: "hm" },
        { type: "text", text: "All done." },
      ],
    });
    render(<MessageView entry={entry({ message })} />);
    expect(screen.queryByTestId("message-content")).toBeNull();
    expect(screen.getByText("All done.")).toBeInTheDocument();
  });

  it("a summary of earlier messages stays folded: its text is not repeated as the content", () => {
    const summary = "The user wants a todo app; it has a list and a reset button.";
    const message = sampleMessage({
      content: summary,
      parts: [
        {
          type: "agent-action",
          name: CONTEXT_SUMMARY_ACTION,
          summary: "Earlier messages summarised",
          data: { summary, summarised: 4, throughMessageId: "msg_1", tokensBefore: 900, tokensAfter: 20 },
        },
      ],
    });
    render(<MessageView entry={entry({ message })} />);
    expect(screen.getByTestId("context-summary")).toHaveTextContent(/^Earlier messages summarised\s*\(4 messages\)/);
    expect(screen.queryByTestId("message-content")).toBeNull();
    expect(screen.queryByText(summary)).toBeNull();
    fireEvent.click(screen.getByTestId("context-summary"));
    expect(screen.getByTestId("context-summary-text")).toHaveTextContent(summary);
  });

  it("renders a user message as plain text", () => {
    render(
      <MessageView
        entry={entry({ message: sampleMessage({ id: "msg_1", role: "user", content: "<b>hi</b>\nthere", parts: [] }) })}
      />,
    );
    const message = screen.getByTestId("message");
    expect(message).toHaveAttribute("data-role", "user");
    expect(message.querySelector("b")).toBeNull();
    expect(message).toHaveTextContent("<b>hi</b>");
  });

  it("shows the usage breakdown: model, input, output, cache read, cache write, total tokens and credits", () => {
    render(<MessageView entry={entry()} />);
    const usage = screen.getByTestId("usage");
    for (const text of [
      "svc-pro",
      "36 tokens",
      "input 10",
      "output 20",
      "cache read 5",
      "cache write 1",
      "0.36 credits",
    ])
      expect(usage).toHaveTextContent(text);
  });

  it("switches a message to a waterfall of its parts over time, each bar labelled with kind and duration", () => {
    const at = (ms: number) => new Date(Date.UTC(2025, 0, 1, 12, 0, 0) + ms).toISOString();
    const parts: Part[] = [
      { type: "thinking", text: "hm", startedAt: at(0), finishedAt: at(1500) },
      { type: "bash", command: "npm run build", output: "ok", startedAt: at(1500), finishedAt: at(9500) },
      { type: "text", text: "Done", startedAt: at(9500), finishedAt: at(10_000) },
      { type: "search", scope: "web", query: "no timing" },
    ];
    render(<MessageView entry={entry({ message: sampleMessage({ parts }) })} />);
    const toggle = screen.getByTestId("waterfall-toggle");
    expect(toggle).toHaveAttribute("aria-pressed", "false");
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-pressed", "true");
    expect(screen.queryAllByTestId("part")).toHaveLength(0);
    const chart = screen.getByTestId("waterfall");
    expect(chart).toHaveTextContent("total 10.0 s");
    const bars = within(chart).getAllByRole("img");
    expect(bars.map((b) => b.getAttribute("aria-label"))).toEqual([
      "thinking (hm): 1.5 s",
      "bash (npm run build): 8.0 s",
      "text (Done): 500 ms",
      "search (web: no timing): no timing",
    ]);
    expect(bars[1]).toHaveStyle({ left: "15%", width: "80%" });
    expect(bars[1]).toHaveAttribute("title", "bash (npm run build): 8.0 s");
    fireEvent.click(toggle);
    expect(screen.getAllByTestId("part")).toHaveLength(4);
  });

  it("runs an unfinished part of the waterfall to the latest known time, and offers no waterfall without timings", () => {
    const rows = waterfallRows([
      { type: "thinking", text: "", startedAt: "2025-01-01T12:00:00Z", finishedAt: "2025-01-01T12:00:02Z" },
      { type: "bash", command: "x", startedAt: "2025-01-01T12:00:01Z" },
      { type: "mystery" } as Part,
    ]);
    expect(rows.total).toBe(2000);
    expect(rows.rows.map((r) => [r.kind, r.offset, r.duration, r.open])).toEqual([
      ["thinking", 0, 2000, false],
      ["bash", 1000, 1000, true],
      ["mystery", null, null, false],
    ]);
    render(<MessageView entry={entry({ message: sampleMessage({ parts: [{ type: "text", text: "x" }] }) })} />);
    expect(screen.queryByTestId("waterfall-toggle")).toBeNull();
  });

  it("sums the chat's usage as a running total (live partial usage included, user messages' zero usage ignored)", () => {
    const zero = sampleUsage({
      model: null,
      tokens: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
      creditsCost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
    });
    const messages = [
      sampleMessage({ id: "u", role: "user", usage: zero }),
      sampleMessage({ id: "a1" }),
      sampleMessage({
        id: "a2",
        usage: sampleUsage({ tokens: { input: 100, output: 200, cacheRead: 0, cacheWrite: 4, total: 304 } }),
      }),
      sampleMessage({ id: "a3", usage: undefined }),
    ];
    expect(sumUsage(messages)).toEqual({
      messages: 2,
      tokens: { input: 110, output: 220, cacheRead: 5, cacheWrite: 5, total: 340 },
      credits: 0.72,
    });
    const { rerender } = render(<ChatUsageTotal messages={messages} />);
    expect(screen.getByTestId("chat-usage")).toHaveTextContent("340 tokens · 0.72 credits");
    expect(screen.getByTestId("chat-usage").getAttribute("title")).toContain("cache write 5");
    rerender(<ChatUsageTotal messages={messages} partial />);
    expect(screen.getByTestId("chat-usage")).toHaveTextContent("0.72 credits+");
    rerender(<ChatUsageTotal messages={[messages[0]!]} />);
    expect(screen.queryByTestId("chat-usage")).toBeNull();
  });
});
