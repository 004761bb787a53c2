// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { McpServer } from "@/lib/api/lenient/mcp";
import { McpServersView } from "./mcp-servers-view";
import { json, renderWithNetwork, sampleMcpServer, type SeenRequest } from "./test-harness";

afterEach(cleanup);

/** A small in-memory stand-in for the proxy's /v2/mcp-servers answers. */
function serviceWith(initial: McpServer[]) {
  let servers = [...initial];
  return (req: SeenRequest): Response => {
    const path = req.url.pathname.replace("/api/service", "");
    if (req.method === "GET" && path === "/v2/mcp-servers") return json({ items: servers });
    if (req.method === "POST" && path === "/v2/mcp-servers") {
      const body = req.body as { name: string; url: string; enabled: boolean };
      const created = sampleMcpServer({
        id: `mcp_${servers.length + 1}`,
        name: body.name,
        url: body.url,
        enabled: body.enabled,
      });
      servers = [created, ...servers];
      return json(created, 201);
    }
    const authorize = path.match(/^\/v2\/mcp-servers\/([^/]+)\/oauth\/authorize$/);
    if (req.method === "POST" && authorize)
      return json({
        url: `https://auth.test/authorize?server=${authorize[1]}`,
        state: "st",
        expiresAt: "2099-01-01T00:00:00Z",
      });
    const one = path.match(/^\/v2\/mcp-servers\/([^/]+)$/);
    if (req.method === "DELETE" && one) {
      servers = servers.filter((s) => s.id !== one[1]);
      return json({ id: one[1], deleted: true });
    }
    if (req.method === "PATCH" && one) {
      const body = req.body as Partial<McpServer>;
      servers = servers.map((s) =>
        s.id === one[1] ? { ...s, ...body, auth: { type: "oauth", connected: false } } : s,
      );
      return json(servers.find((s) => s.id === one[1]));
    }
    return json({ message: "not found" }, 404);
  };
}

describe("McpServersView", () => {
  it("lists servers with their connection state (connected with the token expiry, disconnected, error)", async () => {
    renderWithNetwork(
      <McpServersView navigate={vi.fn()} />,
      serviceWith([
        sampleMcpServer({
          id: "a",
          name: "Alpha",
          auth: { type: "oauth", connected: true, expiresAt: new Date(Date.now() + 10 * 60_000).toISOString() },
        }),
        sampleMcpServer({ id: "b", name: "Beta" }),
        sampleMcpServer({
          id: "c",
          name: "Gamma",
          auth: { type: "oauth", connected: false, error: "refresh token revoked" },
        }),
      ]),
    );
    const rows = await screen.findAllByTestId("mcp-server-row");
    expect(rows.map((r) => [r.getAttribute("data-id"), r.getAttribute("data-state")])).toEqual([
      ["a", "connected"],
      ["b", "disconnected"],
      ["c", "error"],
    ]);
    expect(rows[0]).toHaveTextContent("Connected");
    expect(within(rows[0]!).getByTestId("mcp-token-expiry")).toHaveTextContent("Token expires in 10 min");
    expect(within(rows[0]!).getByTestId("connect-button")).toHaveTextContent("Reconnect");
    expect(rows[1]).toHaveTextContent("Disconnected");
    expect(within(rows[1]!).getByTestId("connect-button")).toHaveTextContent("Connect");
    expect(within(rows[2]!).getByTestId("mcp-server-error")).toHaveTextContent("refresh token revoked");
  });

  it("explains the next step when nothing is registered, and shows a failed load with its status", async () => {
    renderWithNetwork(<McpServersView />, serviceWith([]));
    expect(await screen.findByText("No MCP servers yet")).toBeInTheDocument();
    cleanup();
    renderWithNetwork(<McpServersView />, () => json({ message: "Upstream down" }, 503));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Upstream down");
    expect(alert).toHaveTextContent("HTTP 503");
  });

  it("registers a server through the dialog and lists it disconnected", async () => {
    const { requests } = renderWithNetwork(<McpServersView />, serviceWith([]));
    await screen.findByText("No MCP servers yet");
    await userEvent.click(screen.getByRole("button", { name: "Register server" }));
    const dialog = await screen.findByRole("dialog", { name: "Register MCP server" });
    await waitFor(() => expect(within(dialog).getByLabelText("Name")).toHaveFocus());
    await userEvent.type(within(dialog).getByLabelText("Name"), "Tracker");
    await userEvent.type(within(dialog).getByLabelText("Server URL"), "https://mcp.tracker.test/mcp");
    await userEvent.type(within(dialog).getByLabelText("Authorization URL"), "https://auth.tracker.test/authorize");
    await userEvent.type(within(dialog).getByLabelText("Token URL"), "https://auth.tracker.test/token");
    await userEvent.type(within(dialog).getByLabelText("Client id"), "cid");
    await userEvent.click(within(dialog).getByRole("button", { name: "Register" }));
    const row = await screen.findByTestId("mcp-server-row");
    expect(row).toHaveAttribute("data-state", "disconnected");
    expect(row).toHaveTextContent("Tracker");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const post = requests.find((r) => r.method === "POST")!;
    expect(post.url.pathname).toBe("/api/service/v2/mcp-servers");
    expect(post.body).toMatchObject({
      name: "Tracker",
      auth: { type: "oauth", connected: false, config: { clientId: "cid", usePKCE: true } },
    });
  });

  it("deletes only after confirmation in a dialog (Esc cancels)", async () => {
    const { requests } = renderWithNetwork(
      <McpServersView />,
      serviceWith([sampleMcpServer({ id: "x", name: "Doomed" })]),
    );
    await screen.findByTestId("mcp-server-row");
    await userEvent.click(screen.getByRole("button", { name: "Delete Doomed" }));
    expect(await screen.findByRole("dialog", { name: "Delete MCP server?" })).toHaveTextContent("Doomed");
    await waitFor(() => expect(screen.getByRole("button", { name: "Cancel" })).toHaveFocus());
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(requests.some((r) => r.method === "DELETE")).toBe(false);

    await userEvent.click(screen.getByRole("button", { name: "Delete Doomed" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete MCP server?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("No MCP servers yet")).toBeInTheDocument();
    expect(requests.filter((r) => r.method === "DELETE").map((r) => r.url.pathname)).toEqual([
      "/api/service/v2/mcp-servers/x",
    ]);
  });

  it("Connect asks for the authorization URL with the landing page as return URL and sends the browser there", async () => {
    const navigate = vi.fn<(url: string) => void>();
    const { requests } = renderWithNetwork(
      <McpServersView navigate={navigate} />,
      serviceWith([sampleMcpServer({ id: "s 1", name: "Spaced" })]),
    );
    await userEvent.click(await screen.findByRole("button", { name: "Connect Spaced" }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("https://auth.test/authorize?server=s%201"));
    const authorize = requests.find((r) => r.method === "POST")!;
    expect(authorize.url.pathname).toBe("/api/service/v2/mcp-servers/s%201/oauth/authorize");
    expect(authorize.body).toEqual({ returnUrl: `${window.location.origin}/mcp-servers/oauth/return` });
  });

  it("edits a server without touching its OAuth settings", async () => {
    const { requests } = renderWithNetwork(
      <McpServersView />,
      serviceWith([sampleMcpServer({ id: "e", name: "Old name" })]),
    );
    await userEvent.click(await screen.findByRole("button", { name: "Edit Old name" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Old name" });
    const name = within(dialog).getByLabelText("Name");
    await userEvent.clear(name);
    await userEvent.type(name, "New name");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("New name")).toBeInTheDocument();
    expect(requests.find((r) => r.method === "PATCH")!.body).toEqual({
      name: "New name",
      url: "https://mcp.linear.test/mcp",
      enabled: true,
    });
  });

  it("prefills the stored OAuth settings (never the secret) when replacing them", async () => {
    const server = sampleMcpServer({
      id: "p",
      name: "Prefilled",
      oauthConfig: {
        authorizationUrl: "https://auth.p.test/authorize",
        tokenUrl: "https://auth.p.test/token",
        clientId: "p-client",
        scopes: ["mcp:tools", "offline_access"],
        usePKCE: true,
        resource: "https://mcp.p.test/mcp",
        hasClientSecret: true,
      },
    });
    const { requests } = renderWithNetwork(<McpServersView />, serviceWith([server]));
    await userEvent.click(await screen.findByRole("button", { name: "Edit Prefilled" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Prefilled" });
    await userEvent.click(within(dialog).getByLabelText("Replace the OAuth settings"));
    expect(within(dialog).getByLabelText("Authorization URL")).toHaveValue("https://auth.p.test/authorize");
    expect(within(dialog).getByLabelText("Client id")).toHaveValue("p-client");
    expect(within(dialog).getByLabelText("Scopes")).toHaveValue("mcp:tools offline_access");
    expect(within(dialog).getByLabelText("Client secret (optional)")).toHaveValue("");
    expect(within(dialog).getByLabelText("Client secret (optional)")).toHaveAccessibleDescription(/A secret is stored/);
    await userEvent.clear(within(dialog).getByLabelText("Scopes"));
    await userEvent.type(within(dialog).getByLabelText("Scopes"), "mcp:tools");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(requests.some((r) => r.method === "PATCH")).toBe(true));
    expect(requests.find((r) => r.method === "PATCH")!.body).toMatchObject({
      auth: {
        type: "oauth",
        connected: false,
        config: { clientId: "p-client", scopes: ["mcp:tools"], resource: "https://mcp.p.test/mcp" },
      },
    });
  });
});
