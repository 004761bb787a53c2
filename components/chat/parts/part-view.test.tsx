// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { allKindsOfParts } from "@/lib/api/testing/fixtures";
import type { Part } from "@/lib/api/schemas";
import { PartView } from "./part-view";

afterEach(cleanup);

function renderParts(parts: Part[], streaming = false, chatId?: string) {
  return render(
    <div>
      {parts.map((part, i) => (
        <PartView key={i} part={part} streaming={streaming} chatId={chatId} />
      ))}
    </div>,
  );
}

describe("PartView", () => {
  it("renders every known kind in a card with data-kind = its type", () => {
    renderParts(allKindsOfParts());
    const kinds = screen.getAllByTestId("part").map((el) => el.getAttribute("data-kind"));
    expect(kinds).toEqual([
      "thinking",
      "search",
      "file-read",
      "agent-action",
      "file-edit",
      "tool-call",
      "bash",
      "text",
    ]);
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
    expect(byKind("tool-call")).toHaveTextContent("waiting for your approval");
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
    renderParts([
      {
        type: "tool-call",
        name: "search_docs",
        toolDisplayName: "Search docs",
        input: { q: "x" },
        output: { hits: 2 },
        status: "error",
      },
    ]);
    const part = screen.getByTestId("part");
    expect(part).toHaveTextContent("Search docs");
    expect(part).toHaveTextContent("search_docs");
    expect(part).toHaveTextContent("error");
    expect(part).toHaveTextContent('"hits": 2');
  });

  it("shows requested integrations of an agent action", () => {
    renderParts([
      {
        type: "agent-action",
        name: "get_or_request_integration",
        data: { requestedIntegrations: ["Supabase", "Stripe"] },
      },
    ]);
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
    renderParts(
      [{ type: "file-read" } as unknown as Part, { type: "agent-action", name: "plan" } as unknown as Part],
      true,
    );
    expect(screen.getAllByTestId("part")).toHaveLength(2);
  });

  it("links file-read paths and the file-edit path to the files view of the chat", () => {
    renderParts(
      [
        { type: "file-read", paths: ["src/app.js", "a b/ü&x?.css"] },
        { type: "file-edit", operation: "update", path: "index.html" },
        { type: "file-edit", operation: "rename", path: "old.js", toPath: "new/name.js" },
        { type: "file-edit", operation: "delete", path: "gone.txt" },
      ],
      false,
      "chat_42",
    );
    const hrefs = screen.getAllByTestId("file-link").map((a) => a.getAttribute("href"));
    expect(hrefs).toEqual([
      "/chats/chat_42?file=src%2Fapp.js",
      "/chats/chat_42?file=a%20b%2F%C3%BC%26x%3F.css",
      "/chats/chat_42?file=index.html",
      "/chats/chat_42?file=new%2Fname.js",
    ]);
    const [, update, rename, remove] = screen.getAllByTestId("part");
    expect(update).toHaveTextContent("Updated");
    expect(rename).toHaveTextContent("Renamed");
    expect(rename).toHaveTextContent("old.js → new/name.js");
    expect(remove).toHaveTextContent("Deleted");
    expect(within(remove).queryByRole("link")).toBeNull();
  });

  it("keeps hostile paths inside the chat page link", () => {
    renderParts(
      [{ type: "file-read", paths: ["javascript:alert(1)", "//evil.example/x", "../../etc/passwd"] }],
      false,
      "chat_1",
    );
    for (const a of screen.getAllByTestId("file-link"))
      expect(a.getAttribute("href")).toMatch(/^\/chats\/chat_1\?file=[^/:]*$/);
  });

  it("shows paths as text when the chat is not known", () => {
    renderParts([{ type: "file-read", paths: ["a.js"] }]);
    expect(screen.queryByRole("link")).toBeNull();
    expect(screen.getByTestId("part")).toHaveTextContent("a.js");
  });

  it("shows the thinking open while the message streams and collapsed once it finished, with its duration", () => {
    const thinking: Part = {
      type: "thinking",
      text: "Step one.\nStep two.",
      startedAt: "2025-01-01T12:00:00Z",
      finishedAt: "2025-01-01T12:00:03.2Z",
    };
    const { rerender } = render(<PartView part={thinking} streaming />);
    const toggle = screen.getByRole("button", { expanded: true });
    expect(toggle).toHaveTextContent("Thought");
    expect(screen.getByTestId("thinking-text")).not.toHaveAttribute("data-collapsed");
    rerender(<PartView part={thinking} streaming={false} />);
    expect(screen.getByRole("button", { expanded: false })).toBeInTheDocument();
    expect(screen.getByTestId("thinking-text")).toHaveAttribute("data-collapsed", "true");
    expect(screen.getByTestId("part")).toHaveTextContent("3.2 s");
    fireEvent.click(screen.getByRole("button", { expanded: false }));
    expect(screen.getByTestId("thinking-text")).not.toHaveAttribute("data-collapsed");
  });

  it("shows every part's own duration", () => {
    const at = (s: number) => new Date(Date.UTC(2025, 0, 1, 12, 0, s)).toISOString();
    const timed = allKindsOfParts().map((p, i) => ({ ...p, startedAt: at(i), finishedAt: at(i + 1 + i) }) as Part);
    renderParts(timed);
    const parts = screen.getAllByTestId("part");
    parts.forEach((el, i) => expect(el).toHaveTextContent(`${(1 + i).toFixed(1)} s`));
  });

  it("renders hostile tool names and values as text", () => {
    renderParts([
      {
        type: "tool-call",
        name: '<img src=x onerror="alert(1)">',
        toolDisplayName: "<script>alert(2)</script>",
        input: { html: "<b>x</b>" },
        status: "ok",
      },
      { type: "tool-call", name: "x".repeat(5000), toolDisplayName: null, output: "plain" },
    ]);
    const [hostile, long] = screen.getAllByTestId("part");
    expect(hostile!.querySelector("script, img, b")).toBeNull();
    expect(hostile).toHaveTextContent("<script>alert(2)</script>");
    expect(hostile).toHaveTextContent('<img src=x onerror="alert(1)">');
    expect(hostile).toHaveTextContent("ok");
    expect(long).toHaveTextContent("x".repeat(5000));
  });

  it("falls back to the name without a display name and copies input/output JSON", () => {
    renderParts([
      { type: "tool-call", name: "check_project", input: { files: ["a"] }, output: { ok: true }, status: "ok" },
    ]);
    const part = screen.getByTestId("part");
    expect(part).toHaveTextContent("check_project");
    expect(part.querySelectorAll("details")).toHaveLength(2);
    expect(screen.getByRole("button", { name: "Copy input" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Copy output" })).toBeInTheDocument();
  });

  it("shows 'waiting for your approval' only while suggestedPermissions are present", () => {
    const waiting: Part = {
      type: "tool-call",
      name: "run_script",
      toolDisplayName: "Run script",
      input: { path: "seed.ts" },
      suggestedPermissions: [
        {
          type: "ALLOW_DYNAMIC_TOOL_STRICT",
          toolName: "run_script",
          toolDisplayName: "Run seed.ts",
          userMessage: "Fill the app with data",
        },
      ],
    };
    const { rerender } = render(<PartView part={waiting} />);
    expect(screen.getByTestId("part")).toHaveTextContent("waiting for your approval");
    expect(screen.getByTestId("suggested-permissions")).toHaveTextContent("Run seed.ts — Fill the app with data");
    rerender(
      <PartView
        part={{ ...waiting, suggestedPermissions: undefined, status: "ok", output: { approved: true } } as Part}
      />,
    );
    expect(screen.getByTestId("part")).not.toHaveTextContent("waiting for your approval");
    expect(screen.getByTestId("part")).toHaveTextContent("ok");
  });

  it("renders an integration request with integrations, MCP presets and its outcome", () => {
    const request = (data: Record<string, unknown>) =>
      ({
        type: "agent-action",
        name: "get_or_request_integration",
        data: { requestedIntegrations: ["Neon", "Stripe"], requestedMcpPresets: ["Linear"], ...data },
      }) as Part;
    const { rerender } = render(<PartView part={request({ status: "pending" })} />);
    expect(screen.getByTestId("requested-integrations")).toHaveTextContent("Neon");
    expect(screen.getByTestId("requested-integrations")).toHaveTextContent("Stripe");
    expect(screen.getByTestId("requested-mcp-presets")).toHaveTextContent("MCP: Linear");
    expect(screen.getByTestId("part")).toHaveTextContent("waiting for your answer");
    rerender(<PartView part={request({ status: "connected", connectedIntegrationNames: ["Neon"] })} />);
    expect(screen.getByTestId("part")).toHaveTextContent("connected: Neon");
    rerender(<PartView part={request({ status: "rejected", rejectedBy: "new-message" })} />);
    expect(screen.getByTestId("part")).toHaveTextContent("rejected by a new message");
  });

  it("renders other agent actions readably (a plan's steps as a list)", () => {
    renderParts([
      {
        type: "agent-action",
        name: "plan",
        data: { steps: ["Create index.html", "Run the build"], note: "short", nested: { a: 1 } },
      } as Part,
    ]);
    const part = screen.getByTestId("part");
    expect(part).toHaveTextContent("Plan");
    expect(
      within(part)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Create index.html", "Run the build"]);
    expect(part).toHaveTextContent("Note");
    expect(part).toHaveTextContent('"nested"');
  });

  it("never crashes on malformed parts: wrong field types, null data, a throwing field", () => {
    const throwing = { type: "bash" } as Record<string, unknown>;
    Object.defineProperty(throwing, "command", {
      get: () => {
        throw new Error("boom");
      },
      enumerable: false,
    });
    renderParts([
      { type: "bash", command: 42, output: { x: 1 }, exitCode: "0" } as unknown as Part,
      { type: "file-edit", operation: null, path: ["x"] } as unknown as Part,
      { type: "tool-call", name: null, suggestedPermissions: "yes" } as unknown as Part,
      { type: "agent-action", name: "x", data: null } as unknown as Part,
      { type: "search", scope: 1, query: {} } as unknown as Part,
      { type: "thinking", text: null } as unknown as Part,
      { type: "text", text: ["a"] } as unknown as Part,
      throwing as Part,
      { type: "", weird: true } as unknown as Part,
      { type: "<script>alert(1)</script>", payload: "<img src=x onerror=alert(1)>" } as unknown as Part,
    ]);
    const parts = screen.getAllByTestId("part");
    expect(parts).toHaveLength(10);
    expect(parts[7]).toHaveTextContent("could not be displayed");
    expect(parts[8]).toHaveAttribute("data-kind", "unknown");
    expect(parts[9]).toHaveAttribute("data-kind", "<script>alert(1)</script>");
    expect(document.querySelector("script, img")).toBeNull();
  });
});
