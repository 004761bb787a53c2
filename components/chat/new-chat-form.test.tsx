// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createServiceClient } from "@/lib/api/client";
import type { McpServer } from "@/lib/api/lenient/mcp";
import { sampleChat, sampleUsage } from "@/lib/api/testing/fixtures";
import { createQueryClient } from "@/lib/hooks/query-client";
import { ServiceClientsProvider } from "@/lib/hooks/service-clients";
import { McpServerPicker } from "./mcp-server-picker";
import { NewChatForm } from "./new-chat-form";

const push = vi.fn();
vi.mock("next/navigation", () => ({ useRouter: () => ({ push }) }));
afterEach(() => {
  cleanup();
  push.mockReset();
  window.history.replaceState(null, "", "/chats");
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const server = (over: Partial<McpServer>): McpServer => ({
  id: "mcp_1",
  name: "Linear",
  url: "https://mcp.example.com/linear",
  enabled: true,
  scope: "user",
  auth: { type: "oauth", connected: true },
  createdAt: "2025-01-01T00:00:00Z",
  updatedAt: "2025-01-01T00:00:00Z",
  ...over,
});

function renderWith(ui: React.ReactNode, handle: (request: Request, path: string) => Promise<Response> | Response) {
  const client = createServiceClient({
    baseUrl: "http://dash.test/api/service",
    fetch: async (input, init) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      return handle(request, new URL(request.url).pathname.replace("/api/service", ""));
    },
  });
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ServiceClientsProvider v2={client}>{ui}</ServiceClientsProvider>
    </QueryClientProvider>,
  );
}

describe("McpServerPicker", () => {
  it("says none are registered (with a link) when the service has none or no MCP support", async () => {
    renderWith(<McpServerPicker value={[]} onChange={() => undefined} />, () => json({ message: "Not found" }, 404));
    expect(await screen.findByTestId("mcp-empty")).toHaveTextContent("No MCP servers registered");
    expect(screen.getByRole("link", { name: "Register one" })).toHaveAttribute("href", "/mcp-servers");
  });

  it("lists servers with their state and warns about a chosen one that is not connected", async () => {
    const onChange = vi.fn();
    const servers = [server({}), server({ id: "mcp_2", name: "Notion", auth: { type: "oauth", connected: false } })];
    const { rerender } = renderWith(<McpServerPicker value={[]} onChange={onChange} />, () => json({ items: servers }));
    expect(await screen.findByText("Notion")).toBeInTheDocument();
    expect(screen.getByText("· not connected")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("checkbox", { name: /Notion/ }));
    expect(onChange).toHaveBeenCalledWith(["mcp_2"]);
    expect(screen.queryByTestId("mcp-warning")).toBeNull();
    rerender(
      <QueryClientProvider client={createQueryClient()}>
        <ServiceClientsProvider
          v2={createServiceClient({
            baseUrl: "http://dash.test/api/service",
            fetch: async () => json({ items: servers }),
          })}
        >
          <McpServerPicker value={["mcp_2"]} onChange={onChange} />
        </ServiceClientsProvider>
      </QueryClientProvider>,
    );
    expect(await screen.findByTestId("mcp-warning")).toHaveTextContent("Notion is not connected");
  });
});

describe("NewChatForm", () => {
  it("creates a chat in sync mode with privacy, credential access and MCP servers, then opens it", async () => {
    let body: unknown = null;
    renderWith(<NewChatForm />, async (request, path) => {
      if (path === "/v2/mcp-servers") return json({ items: [server({})] });
      if (request.method === "POST" && path === "/v2/chats") {
        body = await request.json();
        return json({ chat: sampleChat({ id: "chat_42", privacy: "unlisted" }), usage: sampleUsage() });
      }
      if (path === "/v2/chats") return json({ chats: [], cursor: null });
      return json({ message: `unexpected ${request.method} ${path}` }, 404);
    });
    await userEvent.click(screen.getByLabelText("Sync"));
    await userEvent.selectOptions(screen.getByTestId("privacy-select"), "unlisted");
    await userEvent.click(screen.getByLabelText("GitHub"));
    await userEvent.click(await screen.findByRole("checkbox", { name: /Linear/ }));
    await userEvent.type(screen.getByTestId("composer"), "A todo app{Enter}");
    // Opened in place (the chats section draws the chat from the address), not by a router round trip.
    await waitFor(() => expect(window.location.pathname).toBe("/chats/chat_42"));
    expect(push).not.toHaveBeenCalled();
    expect(body).toEqual({
      message: "A todo app",
      privacy: "unlisted",
      mcpServerIds: ["mcp_1"],
      credentialAccess: { sharedNpm: false, github: true },
    });
  });
});
