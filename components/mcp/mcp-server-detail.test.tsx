// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { McpServerDetail } from "./mcp-server-detail";
import { json, renderWithNetwork, sampleMcpServer } from "./test-harness";

// The Next.js router is the framework's (not ours): the detail page only pushes to it after a delete.
vi.mock("next/navigation", () => ({ useRouter: () => ({ push: vi.fn() }) }));

afterEach(cleanup);

describe("McpServerDetail", () => {
  it("shows the state and the OAuth settings, never a secret", async () => {
    const server = sampleMcpServer({
      id: "d1",
      name: "Detailed",
      auth: { type: "oauth", connected: true, expiresAt: "2099-01-01T00:00:00Z" },
      oauthConfig: {
        authorizationUrl: "https://auth.d.test/authorize",
        tokenUrl: "https://auth.d.test/token",
        scopes: ["mcp:tools"],
        usePKCE: true,
        hasClientSecret: false,
      },
    });
    renderWithNetwork(<McpServerDetail mcpServerId="d1" />, () => json(server));
    const detail = await screen.findByTestId("mcp-server-detail");
    expect(detail).toHaveAttribute("data-state", "connected");
    expect(screen.getByRole("heading", { name: "Detailed", level: 1 })).toBeInTheDocument();
    expect(detail).toHaveTextContent("https://auth.d.test/token");
    expect(detail).toHaveTextContent("The service's client metadata document");
    expect(detail).toHaveTextContent("Client secretNone");
    expect(screen.getByTestId("connect-button")).toHaveTextContent("Reconnect");
  });

  it("says when the server does not exist", async () => {
    renderWithNetwork(<McpServerDetail mcpServerId="nope" />, () =>
      json({ message: "MCP server nope not found" }, 404),
    );
    expect(await screen.findByText(/not registered/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "MCP servers" })).toHaveAttribute("href", "/mcp-servers");
  });
});
