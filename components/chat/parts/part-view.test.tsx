// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { allKindsOfParts } from "@/lib/api/testing/fixtures";
import type { Part } from "@/lib/api/schemas";
import { PartView } from "./part-view";

afterEach(cleanup);

function renderParts(parts: Part[], streaming = false) {
  return render(
    <div>
      {parts.map((part, i) => (
        <PartView key={i} part={part} streaming={streaming} />
      ))}
    </div>,
  );
}

describe("PartView", () => {
  it("renders every known kind in a card with data-kind = its type", () => {
    renderParts(allKindsOfParts());
    const kinds = screen.getAllByTestId("part").map((el) => el.getAttribute("data-kind"));
    expect(kinds).toEqual(["thinking", "search", "file-read", "agent-action", "file-edit", "tool-call", "bash", "text"]);
  });

  it("shows each kind's essentials", () => {
    renderParts(allKindsOfParts());
    const byKind = (kind: string) => screen.getAllByTestId("part").find((el) => el.getAttribute("data-kind") === kind)!;
    expect(byKind("thinking")).toHaveTextContent("Planning the page.");
    expect(byKind("thinking")).toHaveTextContent("1.5 s");
    expect(byKind("search")).toHaveTextContent("repo");
    expect(byKind("search")).toHaveTextContent("layout");
    expect(byKind("file-read")).toHaveTextContent("index.html");
    expect(byKind("file-read")).toHaveTextContent("styles.css");
    expect(byKind("file-edit")).toHaveTextContent("Renamed");
    expect(byKind("file-edit")).toHaveTextContent("a.js");
    expect(byKind("file-edit")).toHaveTextContent("app.js");
    expect(byKind("tool-call")).toHaveTextContent("project_tool");
    expect(byKind("tool-call")).toHaveTextContent("awaiting approval");
    expect(byKind("bash")).toHaveTextContent("$ npm run build");
    expect(byKind("bash")).toHaveTextContent("timeout 1 min");
    expect(within(byKind("text")).getByText("built").tagName).toBe("STRONG");
  });

  it("shows a bash command's output and flags dangerous commands", () => {
    renderParts([{ type: "bash", command: "rm -rf dist", output: "removed 3 files", isDangerous: true, exitCode: 1 }]);
    const part = screen.getByTestId("part");
    expect(part).toHaveTextContent("removed 3 files");
    expect(part).toHaveTextContent("dangerous");
    expect(part).toHaveTextContent("exit 1");
  });

  it("shows tool-call input/output JSON and its status", () => {
    renderParts([{ type: "tool-call", name: "search_docs", toolDisplayName: "Search docs", input: { q: "x" }, output: { hits: 2 }, status: "error" }]);
    const part = screen.getByTestId("part");
    expect(part).toHaveTextContent("Search docs");
    expect(part).toHaveTextContent("search_docs");
    expect(part).toHaveTextContent("error");
    expect(part).toHaveTextContent('"hits": 2');
  });

  it("shows requested integrations of an agent action", () => {
    renderParts([{ type: "agent-action", name: "get_or_request_integration", data: { requestedIntegrations: ["Supabase", "Stripe"] } }]);
    const part = screen.getByTestId("part");
    expect(part).toHaveTextContent("Requested integrations");
    expect(part).toHaveTextContent("Supabase");
    expect(part).toHaveTextContent("Stripe");
  });

  it("renders an unknown kind as collapsible JSON with its own type as data-kind", () => {
    renderParts([{ type: "image-generation", prompt: "a cat" } as Part]);
    const part = screen.getByTestId("part");
    expect(part).toHaveAttribute("data-kind", "image-generation");
    expect(part.querySelector("details")).not.toBeNull();
    expect(part).toHaveTextContent('"prompt": "a cat"');
  });

  it("never renders raw HTML or unsafe links from text parts", () => {
    const { container } = renderParts([
      {
        type: "text",
        text: 'Hi <img src=x onerror="alert(1)"> <script>alert(2)</script> [bad](javascript:alert(3)) [good](https://example.com) ![pic](https://example.com/p.png)',
      },
    ]);
    expect(container.querySelector("script")).toBeNull();
    expect(container.querySelector("img")).toBeNull();
    const links = [...container.querySelectorAll("a")];
    expect(links.map((a) => a.getAttribute("href"))).toEqual(["https://example.com", "https://example.com/p.png"]);
    for (const a of links) {
      expect(a).toHaveAttribute("target", "_blank");
      expect(a.getAttribute("rel")).toContain("noopener");
    }
    expect(container).toHaveTextContent("bad");
  });

  it("renders GFM (tables, task lists)", () => {
    const { container } = renderParts([{ type: "text", text: "| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done" }]);
    expect(container.querySelector("table")).not.toBeNull();
    expect(container.querySelector('input[type="checkbox"]')).not.toBeNull();
  });

  it("marks a started, unfinished part as running while streaming", () => {
    renderParts([{ type: "bash", command: "npm test", startedAt: "2025-01-01T12:00:00Z" }], true);
    expect(screen.getByRole("status", { name: "Running" })).toBeInTheDocument();
    expect(screen.getByTestId("part")).toHaveTextContent("Running command");
  });

  it("tolerates parts that are still incomplete mid-stream", () => {
    renderParts([{ type: "file-read" } as unknown as Part, { type: "agent-action", name: "plan" } as unknown as Part], true);
    expect(screen.getAllByTestId("part")).toHaveLength(2);
  });
});
