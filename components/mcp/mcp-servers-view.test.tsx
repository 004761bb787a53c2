// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import type { ReactElement } from "react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { McpServerList } from "@/lib/api/lenient/mcp";
import { call } from "@/lib/embedded/test-support";
import { McpServersView } from "./mcp-servers-view";
import {
  completeAuthorization,
  connect,
  LANDING,
  registerAt,
  serverOf,
  serviceAndProviderForFile,
  startProvider,
} from "@/test/mcp-component-support";
import { renderWithService as renderWith, SVC_PATH } from "@/test/render-with-service";

afterEach(cleanup);

/**
 * The real embedded service (in-process), each test starting with no MCP server, and a real OAuth provider for the
 * connection states (`bed.clock.offsetMs`: the service's clock for MCP tokens, moved past a token's lifetime).
 */
const bed = serviceAndProviderForFile();
const svc = bed.svc;
afterEach(async () => {
  for (const { id } of await listed()) expect((await call(svc, "DELETE", `/v2/mcp-servers/${id}`)).status).toBe(200);
});

const renderWithService = (ui: ReactElement, apiKey?: string) => renderWith(svc, ui, { apiKey });

/** The MCP servers the service holds, read as the dashboard reads them. */
const listed = async () => McpServerList.parse((await call(svc, "GET", "/v2/mcp-servers")).body).items;

/** Registers an MCP server (OAuth at the provider, not connected) through the service's API; its id. */
const register = (name: string, oauthConfig: Record<string, unknown> = {}) =>
  registerAt(svc, bed.provider, name, oauthConfig);

describe("McpServersView", () => {
  it("lists servers with their connection state (connected with the token expiry, disconnected, error)", async () => {
    // Alpha: connected through the provider (tokens for ten minutes). Beta: registered only.
    const alpha = await register("Alpha");
    expect((await connect(svc, alpha)).searchParams.get("oauth_success")).toBe("true");
    const beta = await register("Beta");
    // Gamma: connected at a provider that then restarts and has forgotten the grant; once the access token has
    // expired, the service's refresh is refused (invalid_grant) at the next use, and it drops the connection.
    const forgetful = await startProvider();
    const gamma = await registerAt(svc, forgetful, "Gamma");
    expect((await connect(svc, gamma)).searchParams.get("oauth_success")).toBe("true");
    const port = Number(new URL(forgetful.issuer).port);
    await forgetful.close();
    const restarted = await startProvider(port);
    try {
      bed.clock.offsetMs = 601_000;
      expect((await call(svc, "GET", `/v2/mcp-servers/${gamma}/tools`)).status).toBeGreaterThanOrEqual(400);
    } finally {
      await restarted.close();
    }
    const refused = (await serverOf(svc, gamma))!.auth.error!;
    expect(refused).toMatch(/^Refreshing the access token failed \(invalid_grant/);

    renderWithService(<McpServersView navigate={vi.fn()} />);
    // Newest first, as the service lists them.
    const rows = await screen.findAllByTestId("mcp-server-row");
    expect(rows.map((r) => [r.getAttribute("data-id"), r.getAttribute("data-state")])).toEqual([
      [gamma, "error"],
      [beta, "disconnected"],
      [alpha, "connected"],
    ]);
    const [gammaRow, betaRow, alphaRow] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(alphaRow).toHaveTextContent("Connected");
    expect(within(alphaRow).getByTestId("mcp-token-expiry")).toHaveTextContent("Token expires in 10 min");
    expect(within(alphaRow).getByTestId("connect-button")).toHaveTextContent("Reconnect");
    expect(betaRow).toHaveTextContent("Disconnected");
    expect(within(betaRow).getByTestId("connect-button")).toHaveTextContent("Connect");
    expect(within(gammaRow).getByTestId("mcp-server-error")).toHaveTextContent(refused);
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
    const id = await register("Spaced");
    const navigate = vi.fn<(url: string) => void>();
    const { requests } = renderWithService(<McpServersView navigate={navigate} />);
    await userEvent.click(await screen.findByRole("button", { name: "Connect Spaced" }));
    await waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
    const authorize = requests.find((r) => r.method === "POST")!;
    expect(authorize.url.pathname).toBe(`${SVC_PATH}/v2/mcp-servers/${id}/oauth/authorize`);
    expect(authorize.body).toEqual({ returnUrl: LANDING });
    // The browser goes to the provider (PKCE S256), and the round trip from there connects the server.
    const sent = new URL(navigate.mock.calls[0]![0]);
    expect(sent.href.startsWith(bed.provider.authorizationUrl)).toBe(true);
    expect(sent.searchParams.get("code_challenge_method")).toBe("S256");
    const landing = await completeAuthorization(svc, sent.href);
    expect(`${landing.origin}${landing.pathname}`).toBe(LANDING);
    expect(landing.searchParams.get("oauth_success")).toBe("true");
    expect((await serverOf(svc, id))!.auth.connected).toBe(true);
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
      url: "https://mcp.old-name.test/mcp",
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
