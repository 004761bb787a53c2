// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { call } from "@/lib/embedded/test-support";
import { queryKeys } from "@/lib/hooks/query-keys";
import { parseOAuthReturn } from "./oauth-return-params";
import { OAuthReturnView } from "./oauth-return-view";
import {
  completeAuthorization,
  connect,
  LANDING,
  registerAt,
  serverOf,
  serviceAndProviderForFile,
} from "@/test/mcp-component-support";
import { renderWithService, SVC_PATH } from "@/test/render-with-service";

afterEach(cleanup);

const HOSTILE = `<script>window.__pwned = true</script><img src=x onerror="window.__pwned=true"><b>bold</b>`;

/**
 * The real embedded service (in-process) and a real OAuth provider: the landing page's query is where the service's
 * callback sent the browser, or one written by hand (anyone can open the landing page with any query).
 * `bed.clock.offsetMs` moves the service's clock (an authorization URL that expired).
 */
const bed = serviceAndProviderForFile();
const svc = bed.svc;

function landing(query: string, opts: Parameters<typeof renderWithService>[2] = {}) {
  const navigate = vi.fn<(url: string) => void>();
  const result = parseOAuthReturn(new URLSearchParams(query));
  const view = renderWithService(svc, <OAuthReturnView result={result} navigate={navigate} />, opts);
  return { ...view, navigate };
}

describe("OAuth return landing page", () => {
  it("shows success and the server's state fetched fresh, and refreshes the cached list", async () => {
    const id = await registerAt(svc, bed.provider, "Tracker");
    const before = (await serverOf(svc, id))!;
    const back = await connect(svc, id);
    expect(`${back.origin}${back.pathname}`).toBe(LANDING);
    const { requests, queryClient } = landing(back.search, {
      setup: (qc) => qc.setQueryData(queryKeys.mcpServers(), { items: [before] }),
    });
    const result = await screen.findByTestId("oauth-result");
    expect(result).toHaveAttribute("data-status", "success");
    expect(screen.getByRole("heading", { name: "Server connected" })).toBeInTheDocument();
    const now = await screen.findByTestId("oauth-result-server");
    expect(now).toHaveAttribute("data-state", "connected");
    expect(now).toHaveTextContent("Tracker");
    expect(now).toHaveTextContent("Connected");
    expect(requests.some((r) => r.method === "GET" && r.url.pathname === `${SVC_PATH}/v2/mcp-servers/${id}`)).toBe(
      true,
    );
    expect(queryClient.getQueryState(queryKeys.mcpServers())?.isInvalidated).toBe(true);
    expect(screen.getByRole("link", { name: "Back to MCP servers" })).toHaveAttribute("href", "/mcp-servers");
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
  });

  it("renders a hostile, very long error_description as text, cut with “show more”", async () => {
    const long = `${HOSTILE} ${"x".repeat(5000)} END`;
    const id = await registerAt(svc, bed.provider, "Hostile");
    const { container } = landing(
      `error=access_denied&error_description=${encodeURIComponent(long)}&mcpServerId=${id}`,
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
    // The provider's answer came back after the authorization URL expired: the service says so.
    const id = await registerAt(svc, bed.provider, "Expired");
    const authorize = await call(svc, "POST", `/v2/mcp-servers/${id}/oauth/authorize`, {
      body: { returnUrl: LANDING },
    });
    expect(authorize.status).toBe(200);
    bed.clock.offsetMs = 301_000;
    const back = await completeAuthorization(svc, (authorize.body as { url: string }).url);
    expect(back.searchParams.get("error")).toBe("invalid_request");
    const description = back.searchParams.get("error_description")!;
    expect(description).toMatch(/expired/);

    // A service of another make could answer a URL that is not http(s); the page must not follow it.
    let hostile = false;
    const { requests, navigate } = landing(back.search, {
      answer: async (request, response) =>
        hostile && request.method === "POST" && response.ok
          ? Response.json({ ...(await response.json()), url: "javascript:alert(document.cookie)" })
          : response,
    });
    expect(await screen.findByRole("heading", { name: /invalid or has expired/ })).toBeInTheDocument();
    expect(screen.getByText(description)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
    expect(navigate.mock.calls[0]![0].startsWith(`${bed.provider.authorizationUrl}?`)).toBe(true);
    const again = requests.find((r) => r.method === "POST")!;
    expect(again.url.pathname).toBe(`${SVC_PATH}/v2/mcp-servers/${id}/oauth/authorize`);
    expect(again.body).toEqual({ returnUrl: LANDING });

    hostile = true;
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
    const id = await registerAt(svc, bed.provider, "Redirected");
    const back = await connect(svc, id);
    const { navigate, container } = landing(
      `${back.search}&returnUrl=https://evil.test/&redirect_uri=javascript:alert(1)&next=//evil.test&callbackUrl=https://evil.test`,
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
    expect((await call(svc, "GET", "/v2/mcp-servers/gone")).status).toBe(404);
    landing("oauth_success=true&mcpServerId=gone");
    expect(await screen.findByText("This server is no longer registered.")).toBeInTheDocument();
  });
});
