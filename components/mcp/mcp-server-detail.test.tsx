// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BASE, call } from "@/lib/embedded/test-support";
import { McpServerDetail } from "./mcp-server-detail";
import { connect, registerAt, serviceAndProviderForFile } from "@/test/mcp-component-support";
import { renderWithService } from "@/test/render-with-service";

// The Next.js router is the framework's (not ours): the detail page only pushes to it after a delete.
vi.mock("next/navigation", () => ({ useRouter: () => ({ push: vi.fn() }) }));

afterEach(cleanup);

/** The real embedded service (in-process) and a real OAuth provider to connect through. */
const bed = serviceAndProviderForFile();
const svc = bed.svc;

describe("McpServerDetail", () => {
  it("shows the state and the OAuth settings, never a secret", async () => {
    // A public client: no client id (the service's client metadata document serves as one) and no secret.
    const id = await registerAt(svc, bed.provider, "Detailed", { clientId: undefined, clientSecret: undefined });
    expect((await connect(svc, id)).searchParams.get("oauth_success")).toBe("true");
    renderWithService(svc, <McpServerDetail mcpServerId={id} />);
    const detail = await screen.findByTestId("mcp-server-detail");
    expect(detail).toHaveAttribute("data-state", "connected");
    expect(screen.getByRole("heading", { name: "Detailed", level: 1 })).toBeInTheDocument();
    expect(detail).toHaveTextContent(bed.provider.tokenUrl);
    expect(detail).toHaveTextContent(`Client${BASE}/oauth/client-metadata.json`);
    expect(detail).toHaveTextContent("Client secretNone");
    expect(detail).toHaveTextContent("PKCEYes (S256)");
    expect(screen.getByTestId("connect-button")).toHaveTextContent("Reconnect");
  });

  it("says when the server does not exist", async () => {
    expect((await call(svc, "GET", "/v2/mcp-servers/nope")).status).toBe(404);
    renderWithService(svc, <McpServerDetail mcpServerId="nope" />);
    expect(await screen.findByText(/not registered/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "MCP servers" })).toHaveAttribute("href", "/mcp-servers");
  });
});
