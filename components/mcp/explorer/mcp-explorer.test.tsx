// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { json, renderWithNetwork } from "../test-harness";
import { McpExplorer } from "./mcp-explorer";

afterEach(cleanup);

describe("McpExplorer", () => {
  it("a deployment without the explorer (404 on its paths): each tab says so", async () => {
    const { requests } = renderWithNetwork(<McpExplorer mcpServerId="m1" />, () => json({ message: "Not found" }, 404));
    expect(await screen.findByTestId("mcp-explorer-missing")).toHaveTextContent("This deployment has no MCP explorer");
    await userEvent.click(screen.getByRole("tab", { name: "Log" }));
    expect(await screen.findByTestId("mcp-explorer-missing")).toHaveTextContent("connection log");
    expect(requests.map((r) => r.url.pathname)).toEqual([
      "/api/service/v2/mcp-servers/m1/tools",
      "/api/service/v2/mcp-servers/m1/log",
    ]);
  });

  it("the Log tab explains the last failed connection step in words, newest first", async () => {
    const entries = [
      {
        at: "2026-01-01T10:00:00Z",
        step: "initialize",
        ok: true,
        detail: "Connected to https://x.test/mcp.",
        durationMs: 12,
      },
      {
        at: "2026-01-01T11:00:00Z",
        step: "refresh",
        ok: false,
        detail:
          "The server's token endpoint answered 401 invalid_client: client authentication failed (https://auth.test/token).",
        durationMs: 30,
      },
    ];
    renderWithNetwork(<McpExplorer mcpServerId="m1" />, (req) =>
      req.url.pathname.endsWith("/log") ? json({ entries }) : json({ tools: [] }),
    );
    await userEvent.click(screen.getByRole("tab", { name: "Log" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The last connection failed at the refresh step");
    expect(alert).toHaveTextContent("The server's token endpoint answered 401 invalid_client");
    expect(alert).toHaveTextContent("check the client ID and secret");
    const items = screen.getAllByTestId("mcp-log-entry");
    expect(items.map((i) => i.getAttribute("data-ok"))).toEqual(["false", "true"]);
  });
});
