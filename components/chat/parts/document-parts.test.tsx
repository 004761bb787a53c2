// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Part } from "@/lib/api/schemas";
import { UnreadableItems } from "@/components/ui/unreadable-items";
import { PartView } from "./part-view";

/** Parts in the real service's document's shapes, and the per-item fallbacks. */
afterEach(cleanup);

const show = (part: unknown) => render(<PartView part={part as Part} />);

describe("agent-action in the document's shapes", () => {
  it("without data: its summary, no failure", () => {
    show({ type: "agent-action", name: "ask_user", summary: "Asked two questions" });
    expect(screen.getByTestId("part")).toHaveAttribute("data-kind", "agent-action");
    expect(screen.getByTestId("agent-action-summary")).toHaveTextContent("Asked two questions");
  });

  it("a plan: its summary and fields", () => {
    show({
      type: "agent-action",
      name: "plan",
      summary: "Planned the app",
      data: { plan: "1. index.html\n2. app.js", path: "plan.md" },
    });
    expect(screen.getByTestId("part")).toHaveTextContent("Planned the app");
    expect(screen.getByTestId("part")).toHaveTextContent("plan.md");
  });

  it("questions with their options", () => {
    show({
      type: "agent-action",
      name: "questions",
      summary: "Questions",
      data: {
        questions: [
          {
            id: "q1",
            question: "Which database?",
            header: "Data",
            multiSelect: false,
            options: [
              { id: "a", label: "Postgres", description: "managed" },
              { id: "b", label: "SQLite" },
            ],
          },
        ],
      },
    });
    const list = screen.getByTestId("agent-questions");
    expect(list).toHaveTextContent("Which database?");
    expect(list).toHaveTextContent("Postgres — managed");
    expect(list).toHaveTextContent("SQLite");
  });

  it("an integration request with both arrays", () => {
    show({
      type: "agent-action",
      name: "get_or_request_integration",
      summary: "Needs Neon",
      data: { requestedIntegrations: ["Neon"], requestedMcpPresets: [] },
    });
    expect(screen.getByTestId("part")).toHaveTextContent("Neon");
  });

  it("a setup link is offered only for http(s), never as markup", () => {
    show({
      type: "agent-action",
      name: "connect",
      summary: "Set up",
      data: {
        status: "setup-required",
        requestId: "r",
        service: "Stripe",
        connectorName: "Stripe",
        setupUrl: "javascript:alert(1)",
        environments: ["preview"],
      },
    });
    expect(document.querySelector("a[href^='javascript']")).toBeNull();
    cleanup();
    show({
      type: "agent-action",
      name: "connect",
      summary: "Set up",
      data: {
        status: "setup-required",
        requestId: "r",
        service: "Stripe",
        connectorName: "Stripe",
        setupUrl: "https://setup.example/x",
        environments: ["preview"],
      },
    });
    const link = screen.getByRole("link", { name: "https://setup.example/x" });
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
  });
});

describe("per-item fallbacks", () => {
  it("a known kind that does not match its schema is the JSON card, keeping its kind", () => {
    show({ type: "file-edit", operation: "teleport", path: "a.ts" });
    const part = screen.getByTestId("part");
    expect(part).toHaveAttribute("data-kind", "file-edit");
    expect(part).toHaveTextContent("could not be displayed as file-edit");
    expect(part).toHaveTextContent("operation");
  });

  it("an unreadable part (not an object) is the JSON card", () => {
    show({ type: "unreadable", value: "stray" });
    expect(screen.getByTestId("part")).toHaveAttribute("data-kind", "unreadable");
  });

  it("unreadable list items are counted and named", () => {
    render(
      <UnreadableItems
        what="chat"
        items={[
          { index: 1, id: "chat_x", reason: "a chat must be an object" },
          { index: 4, reason: "id is missing" },
        ]}
      />,
    );
    const row = screen.getByTestId("unreadable-items");
    expect(row).toHaveAttribute("data-count", "2");
    expect(row).toHaveTextContent("2 chats could not be read");
    expect(row).toHaveTextContent("chat_x");
  });
});

describe("a user message's attachments (the document's `attachments`)", () => {
  it("are links only for http(s) URLs; images are thumbnails that open full size", async () => {
    const { UserMessage } = await import("../user-message");
    render(
      <UserMessage
        message={{
          id: "m1",
          chatId: "c1",
          role: "user",
          createdAt: "2026-11-25T07:00:00Z",
          updatedAt: "2026-11-25T07:00:00Z",
          content: "See the mock",
          parts: [],
          attachments: [
            { url: "https://files.example/spec.pdf", name: "spec.pdf" },
            { url: "https://files.example/mock.png", name: "mock.png" },
            { url: "javascript:alert(1)" },
          ],
        }}
      />,
    );
    const list = screen.getByTestId("attachments");
    expect(screen.getByRole("link", { name: "spec.pdf" })).toHaveAttribute("rel", "noopener noreferrer");
    expect(screen.getByRole("button", { name: "Open mock.png full size" })).toBeInTheDocument();
    expect(list).toHaveTextContent("javascript:alert(1)");
    expect(document.querySelector("a[href^='javascript']")).toBeNull();
  });
});
