// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createServiceClient, type ServiceClient } from "@/lib/api/client";
import { BASE, TEST_KEY, call, serviceForFile } from "@/lib/embedded/test-support";
import { createQueryClient } from "@/lib/hooks/query-client";
import { ServiceClientsProvider } from "@/lib/hooks/service-clients";
import { McpServerPicker } from "./mcp-server-picker";
import { NewChatForm } from "./new-chat-form";

const push = vi.fn();
vi.mock("next/navigation", () => ({ useRouter: () => ({ push }) }));

/** The new-chat form and its MCP server picker against the real embedded service (in-process). */
const svc = serviceForFile({ agentDelayMs: 0 });
afterEach(() => {
  cleanup();
  push.mockReset();
  window.history.replaceState(null, "", "/chats");
});

/** A client of the service under `base`; `created` holds the bodies of the chats the page created. */
function clientOf(base = BASE) {
  const created: unknown[] = [];
  const client = createServiceClient({
    baseUrl: base,
    apiKey: TEST_KEY,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      if (request.method === "POST" && new URL(request.url).pathname.endsWith("/v2/chats"))
        created.push(await request.clone().json());
      return svc.handle(request);
    },
  });
  return { client, created };
}

const providers = (client: ServiceClient, ui: ReactNode) => (
  <QueryClientProvider client={createQueryClient()}>
    <ServiceClientsProvider v2={client}>{ui}</ServiceClientsProvider>
  </QueryClientProvider>
);

async function registerServer(name: string, auth: "oauth" | "none"): Promise<string> {
  const url = `https://mcp.example.com/${name}`;
  const oauthConfig = { authorizationUrl: `${url}/authorize`, tokenUrl: `${url}/token`, clientId: "atelier" };
  const res = await call(svc, "POST", "/v2/mcp-servers", {
    body: { name, url, auth, ...(auth === "oauth" ? { oauthConfig } : {}) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body as { id: string }).id;
}

describe("McpServerPicker", () => {
  // Runs first: the service has no MCP server yet.
  it("says none are registered (with a link) when the service has none or no MCP support", async () => {
    render(providers(clientOf().client, <McpServerPicker value={[]} onChange={() => undefined} />));
    expect(await screen.findByTestId("mcp-empty")).toHaveTextContent("No MCP servers registered");
    expect(screen.getByRole("link", { name: "Register one" })).toHaveAttribute("href", "/mcp-servers");
    cleanup();
    // A deployment without MCP support: the service's own 404 for a path it does not serve.
    render(providers(clientOf(`${BASE}/no-mcp`).client, <McpServerPicker value={[]} onChange={() => undefined} />));
    expect(await screen.findByTestId("mcp-empty")).toHaveTextContent("No MCP servers registered");
  });

  it("lists servers with their state and warns about a chosen one that is not connected", async () => {
    await registerServer("Linear", "none");
    const notion = await registerServer("Notion", "oauth");
    const onChange = vi.fn();
    const { client } = clientOf();
    const { rerender } = render(providers(client, <McpServerPicker value={[]} onChange={onChange} />));
    expect(await screen.findByText("Notion")).toBeInTheDocument();
    expect(screen.getByText("Linear")).toBeInTheDocument();
    expect(screen.getAllByText("· not connected")).toHaveLength(1);
    await userEvent.click(screen.getByRole("checkbox", { name: /Notion/ }));
    expect(onChange).toHaveBeenCalledWith([notion]);
    expect(screen.queryByTestId("mcp-warning")).toBeNull();
    rerender(providers(client, <McpServerPicker value={[notion]} onChange={onChange} />));
    expect(await screen.findByTestId("mcp-warning")).toHaveTextContent("Notion is not connected");
  });
});

describe("NewChatForm", () => {
  it("creates a chat in sync mode with privacy, credential access and MCP servers, then opens it", async () => {
    const { client, created } = clientOf();
    const stripe = await registerServer("Stripe", "none");
    render(providers(client, <NewChatForm />));
    await userEvent.click(screen.getByLabelText("Sync"));
    await userEvent.selectOptions(screen.getByTestId("privacy-select"), "unlisted");
    await userEvent.click(screen.getByLabelText("GitHub"));
    await userEvent.click(await screen.findByRole("checkbox", { name: /Stripe/ }));
    await userEvent.type(screen.getByTestId("composer"), "A todo app{Enter}");
    // Opened in place (the chats section draws the chat from the address), not by a router round trip.
    await waitFor(() => expect(window.location.pathname).toMatch(/^\/chats\/[^/]+$/), { timeout: 15_000 });
    expect(push).not.toHaveBeenCalled();
    expect(created).toEqual([
      {
        message: "A todo app",
        privacy: "unlisted",
        mcpServerIds: [stripe],
        credentialAccess: { sharedNpm: false, github: true },
      },
    ]);
    // The chat the page opened is the one the service made, as asked.
    const [chat] = (await client.listChats()).chats;
    expect(window.location.pathname).toBe(`/chats/${chat!.id}`);
    expect(chat).toMatchObject({ privacy: "unlisted" });
  });

  it("shows the team's default privacy and, left as it is, sends none: the service gives the chat the default", async () => {
    await call(svc, "PUT", "/v2/settings/default-privacy", { body: { privacy: "team" } });
    try {
      const { client, created } = clientOf();
      render(providers(client, <NewChatForm />));
      await waitFor(() => expect(screen.getByTestId("privacy-select")).toHaveValue("team"));
      await userEvent.click(screen.getByLabelText("Sync"));
      await userEvent.type(screen.getByTestId("composer"), "A recipe box{Enter}");
      await waitFor(() => expect(created).toHaveLength(1), { timeout: 15_000 });
      expect(created[0]).not.toHaveProperty("privacy");
      await waitFor(() => expect(window.location.pathname).toMatch(/^\/chats\/[^/]+$/), { timeout: 15_000 });
      const [chat] = (await client.listChats()).chats;
      expect(chat).toMatchObject({ title: expect.any(String), privacy: "team" });
    } finally {
      await call(svc, "PUT", "/v2/settings/default-privacy", { body: { privacy: "private" } });
    }
  });
});
