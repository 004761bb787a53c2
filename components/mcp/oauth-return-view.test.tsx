// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { queryKeys } from "@/lib/hooks/query-keys";
import { parseOAuthReturn } from "./oauth-return-params";
import { OAuthReturnView } from "./oauth-return-view";
import { json, renderWithNetwork, sampleMcpServer, type Route } from "./test-harness";

afterEach(cleanup);

const HOSTILE = `<script>window.__pwned = true</script><img src=x onerror="window.__pwned=true"><b>bold</b>`;

function landing(
  query: string,
  route: Route = () => json({ message: "unexpected request" }, 500),
  setup?: Parameters<typeof renderWithNetwork>[2],
) {
  const navigate = vi.fn<(url: string) => void>();
  const result = parseOAuthReturn(new URLSearchParams(query));
  const view = renderWithNetwork(<OAuthReturnView result={result} navigate={navigate} />, route, setup);
  return { ...view, navigate };
}

describe("OAuth return landing page", () => {
  it("shows success and the server's state fetched fresh, and refreshes the cached list", async () => {
    const server = sampleMcpServer({
      id: "mcp_42",
      name: "Tracker",
      auth: { type: "oauth", connected: true, expiresAt: "2099-01-01T00:00:00Z" },
    });
    const { requests, queryClient } = landing(
      "oauth_success=true&mcpServerId=mcp_42",
      ({ url }) => (url.pathname.endsWith("/v2/mcp-servers/mcp_42") ? json(server) : json({ items: [] })),
      (qc) => qc.setQueryData(queryKeys.mcpServers(), { items: [sampleMcpServer({ id: "mcp_42" })] }),
    );
    const result = await screen.findByTestId("oauth-result");
    expect(result).toHaveAttribute("data-status", "success");
    expect(screen.getByRole("heading", { name: "Server connected" })).toBeInTheDocument();
    const now = await screen.findByTestId("oauth-result-server");
    expect(now).toHaveAttribute("data-state", "connected");
    expect(now).toHaveTextContent("Tracker");
    expect(now).toHaveTextContent("Connected");
    expect(requests.some((r) => r.method === "GET" && r.url.pathname === "/api/service/v2/mcp-servers/mcp_42")).toBe(
      true,
    );
    expect(queryClient.getQueryState(queryKeys.mcpServers())?.isInvalidated).toBe(true);
    expect(screen.getByRole("link", { name: "Back to MCP servers" })).toHaveAttribute("href", "/mcp-servers");
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
  });

  it("renders a hostile, very long error_description as text, cut with “show more”", async () => {
    const long = `${HOSTILE} ${"x".repeat(5000)} END`;
    const { container } = landing(
      `error=access_denied&error_description=${encodeURIComponent(long)}&mcpServerId=mcp_1`,
      () => json(sampleMcpServer()),
    );
    const result = await screen.findByTestId("oauth-result");
    expect(result).toHaveAttribute("data-status", "error");
    expect(screen.getByRole("heading", { name: "Access was denied at the provider" })).toBeInTheDocument();
    expect(screen.getByTestId("oauth-error-code")).toHaveTextContent("access_denied");

    const description = screen.getByTestId("oauth-error-description");
    // Text, not markup: the tags are visible characters and no element was created from them.
    expect(description.textContent).toContain("<script>window.__pwned = true</script>");
    expect(container.querySelector("script, img, b")).toBeNull();
    expect((window as unknown as { __pwned?: boolean }).__pwned).toBeUndefined();
    // Cut until asked.
    expect(description.textContent!.length).toBeLessThan(400);
    expect(description).not.toHaveTextContent("END");
    const more = screen.getByRole("button", { name: /Show more/ });
    expect(more).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(more);
    expect(screen.getByTestId("oauth-error-description")).toHaveTextContent("END");
    expect(screen.getByRole("button", { name: "Show less" })).toHaveAttribute("aria-expanded", "true");
  });

  it("caps an absurdly long description even when expanded", () => {
    const parsed = parseOAuthReturn(
      new URLSearchParams({ error: "server_error", error_description: "y".repeat(200_000) }),
    );
    expect(parsed.errorDescription!.length).toBeLessThanOrEqual(10_001);
  });

  it("offers “Try again”: authorizes again with the landing page as return URL and follows only an http(s) URL", async () => {
    let answer = "https://auth.example.test/authorize?state=s2";
    const { requests, navigate } = landing(
      "error=invalid_request&error_description=state%20expired&mcpServerId=mcp_7",
      ({ method, url }) => {
        if (method === "POST" && url.pathname.endsWith("/v2/mcp-servers/mcp_7/oauth/authorize"))
          return json({ url: answer, state: "s2", expiresAt: "2099-01-01T00:00:00Z" });
        return json(sampleMcpServer({ id: "mcp_7" }));
      },
    );
    expect(await screen.findByRole("heading", { name: /invalid or has expired/ })).toBeInTheDocument();
    expect(screen.getByText("state expired")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("https://auth.example.test/authorize?state=s2"));
    const authorize = requests.find((r) => r.method === "POST")!;
    expect(authorize.body).toEqual({ returnUrl: `${window.location.origin}/mcp-servers/oauth/return` });

    answer = "javascript:alert(document.cookie)";
    navigate.mockClear();
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    const alert = await screen.findByText(/not an http\(s\) address/);
    expect(alert).toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
  });

  it("says there is no result when the parameters are missing, and fetches nothing", async () => {
    const { requests } = landing("");
    const result = await screen.findByTestId("oauth-result");
    expect(result).toHaveAttribute("data-status", "error");
    expect(screen.getByRole("heading", { name: "No authorization result" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to MCP servers" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
    expect(requests).toHaveLength(0);
  });

  it("ignores redirect-ish parameters: no link or navigation leaves the dashboard", async () => {
    const { navigate, container } = landing(
      "oauth_success=true&mcpServerId=mcp_1&returnUrl=https://evil.test/&redirect_uri=javascript:alert(1)&next=//evil.test&callbackUrl=https://evil.test",
      () => json(sampleMcpServer({ auth: { type: "oauth", connected: true } })),
    );
    await screen.findByTestId("oauth-result-server");
    for (const link of within(container).getAllByRole("link")) expect(link.getAttribute("href")).toMatch(/^\/(?!\/)/);
    expect(container.innerHTML).not.toContain("evil.test");
    expect(navigate).not.toHaveBeenCalled();
  });

  it("treats an error as an error even when oauth_success is also present, and reads only the first value", () => {
    expect(parseOAuthReturn(new URLSearchParams("oauth_success=true&error=access_denied")).outcome).toBe("error");
    expect(parseOAuthReturn({ oauth_success: ["true", "false"], mcpServerId: ["a", "b"] })).toEqual({
      outcome: "success",
      mcpServerId: "a",
      error: null,
      errorDescription: null,
    });
    expect(parseOAuthReturn({ oauth_success: "yes" }).outcome).toBe("incomplete");
  });

  it("says when the server no longer exists", async () => {
    landing("oauth_success=true&mcpServerId=gone", () => json({ message: "MCP server gone not found" }, 404));
    expect(await screen.findByText("This server is no longer registered.")).toBeInTheDocument();
  });
});
