// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import type { ReactElement } from "react";
import userEvent from "@testing-library/user-event";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { McpServerList, type McpServer } from "@/lib/api/lenient/mcp";
import type { EmbeddedService } from "@/lib/embedded/service";
import { BASE, TEST_KEY, call, startService } from "@/lib/embedded/test-support";
import { createServiceClient } from "@/lib/api/client";
import { McpServersView } from "./mcp-servers-view";
import { json, renderWithClient, renderWithNetwork, sampleMcpServer, type SeenRequest } from "./test-harness";

afterEach(cleanup);

/**
 * A fixed list for the connection states (a connected or failed OAuth connection needs a provider round trip) and
 * Connect (below).
 */
function serviceWith(servers: McpServer[]) {
  return (req: SeenRequest): Response =>
    req.method === "GET" && req.url.pathname.endsWith("/v2/mcp-servers")
      ? json({ items: servers })
      : json({ message: "not found" }, 404);
}

/** The other tests run against the real embedded service (in-process); each starts with no MCP server. */
let svc: EmbeddedService;
beforeAll(async () => {
  svc = await startService();
});
afterAll(() => svc?.close());
afterEach(async () => {
  for (const { id } of await listed()) expect((await call(svc, "DELETE", `/v2/mcp-servers/${id}`)).status).toBe(200);
});

const SVC_PATH = new URL(BASE).pathname;

/** Renders `ui` with a client the service answers (with `apiKey`); `requests`: what it sent, paths as the service saw them. */
function renderWithService(ui: ReactElement, apiKey: string = TEST_KEY) {
  const requests: SeenRequest[] = [];
  const client = createServiceClient({
    baseUrl: BASE,
    apiKey,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const text = await request.clone().text();
      requests.push({ method: request.method, url: new URL(request.url), body: text ? JSON.parse(text) : undefined });
      return svc.handle(request);
    },
  });
  renderWithClient(ui, client);
  return { requests };
}

/** The MCP servers the service holds, read as the dashboard reads them. */
const listed = async () => McpServerList.parse((await call(svc, "GET", "/v2/mcp-servers")).body).items;

/** Registers an MCP server (OAuth, not connected) through the service's API; its id. */
async function register(name: string, oauthConfig: Record<string, unknown> = {}): Promise<string> {
  const res = await call(svc, "POST", "/v2/mcp-servers", {
    body: {
      name,
      url: "https://mcp.linear.test/mcp",
      auth: "oauth",
      oauthConfig: {
        authorizationUrl: "https://auth.test/authorize",
        tokenUrl: "https://auth.test/token",
        ...oauthConfig,
      },
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body as { id: string }).id;
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
    renderWithService(<McpServersView />);
    expect(await screen.findByText("No MCP servers yet")).toBeInTheDocument();
    cleanup();
    // A key the service refuses: its own 401 answer, as the page would get it.
    renderWithService(<McpServersView />, "sk_not_the_key");
    const alert = await screen.findByRole("alert");
    const refused = await call(svc, "GET", "/v2/mcp-servers", { auth: "Bearer sk_not_the_key" });
    expect(refused.status).toBe(401);
    expect(alert).toHaveTextContent((refused.body as { message: string }).message);
    expect(alert).toHaveTextContent("HTTP 401");
  });

  it("registers a server through the dialog and lists it disconnected", async () => {
    const { requests } = renderWithService(<McpServersView />);
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
    expect(post.url.pathname).toBe(`${SVC_PATH}/v2/mcp-servers`);
    expect(post.body).toMatchObject({
      name: "Tracker",
      auth: { type: "oauth", connected: false, config: { clientId: "cid", usePKCE: true } },
    });
    // Stored as sent.
    expect(await listed()).toMatchObject([
      { name: "Tracker", url: "https://mcp.tracker.test/mcp", oauthConfig: { clientId: "cid" } },
    ]);
  });

  it("deletes only after confirmation in a dialog (Esc cancels)", async () => {
    const doomed = await register("Doomed");
    const { requests } = renderWithService(<McpServersView />);
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
      `${SVC_PATH}/v2/mcp-servers/${doomed}`,
    ]);
    expect((await call(svc, "GET", `/v2/mcp-servers/${doomed}`)).status).toBe(404);
  });

  it("Connect asks for the authorization URL with the landing page as return URL and sends the browser there", async () => {
    const navigate = vi.fn<(url: string) => void>();
    // A fixed answer here: the service's authorize path hashes the PKCE verifier with Node's crypto, which refuses
    // jsdom's Uint8Array (another realm) in this test environment.
    const { requests } = renderWithNetwork(<McpServersView navigate={navigate} />, (req) => {
      if (req.method === "POST" && req.url.pathname.endsWith("/v2/mcp-servers/s%201/oauth/authorize"))
        return json({
          url: "https://auth.test/authorize?server=s%201",
          state: "st",
          expiresAt: "2099-01-01T00:00:00Z",
        });
      return serviceWith([sampleMcpServer({ id: "s 1", name: "Spaced" })])(req);
    });
    await userEvent.click(await screen.findByRole("button", { name: "Connect Spaced" }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("https://auth.test/authorize?server=s%201"));
    const authorize = requests.find((r) => r.method === "POST")!;
    expect(authorize.url.pathname).toBe("/api/service/v2/mcp-servers/s%201/oauth/authorize");
    expect(authorize.body).toEqual({ returnUrl: `${window.location.origin}/mcp-servers/oauth/return` });
  });

  it("edits a server without touching its OAuth settings", async () => {
    const id = await register("Old name", { clientId: "keep-me", scopes: ["mcp:tools"] });
    const { requests } = renderWithService(<McpServersView />);
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
    // Stored with the new name, its OAuth settings untouched.
    expect((await listed()).find((s) => s.id === id)).toMatchObject({
      name: "New name",
      oauthConfig: { clientId: "keep-me", scopes: ["mcp:tools"] },
    });
  });

  it("prefills the stored OAuth settings (never the secret) when replacing them", async () => {
    await register("Prefilled", {
      authorizationUrl: "https://auth.p.test/authorize",
      tokenUrl: "https://auth.p.test/token",
      clientId: "p-client",
      clientSecret: "p-secret",
      scopes: ["mcp:tools", "offline_access"],
      usePKCE: true,
      resource: "https://mcp.p.test/mcp",
    });
    const { requests } = renderWithService(<McpServersView />);
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
