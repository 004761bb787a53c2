// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { createServiceClient } from "@/lib/api/client";
import { sampleChat } from "@/lib/api/testing/fixtures";
import { createQueryClient } from "@/lib/hooks/query-client";
import { ServiceClientsProvider } from "@/lib/hooks/service-clients";
import { ChatsList } from "./chats-list";

afterEach(cleanup);

type Route = (url: URL) => Response;

/** The network as the browser sees it: JSON answers from the proxy for given URLs. */
function renderWithNetwork(route: Route) {
  const requests: URL[] = [];
  const client = createServiceClient({
    baseUrl: "http://dash.test/api/service",
    fetch: async (input) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      requests.push(url);
      return route(url);
    },
  });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  render(
    <QueryClientProvider client={queryClient}>
      <ServiceClientsProvider v2={client}>
        <ChatsList />
      </ServiceClientsProvider>
    </QueryClientProvider>,
  );
  return requests;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("ChatsList", () => {
  it("explains the next step when there are no chats", async () => {
    renderWithNetwork(() => json({ chats: [], cursor: null }));
    expect(await screen.findByText("No chats yet")).toBeInTheDocument();
    expect(screen.getByText(/Describe an app to build/)).toBeInTheDocument();
  });

  it("lists chats in the service's order with title, privacy and exact UTC time, and loads more with the cursor", async () => {
    const first = [
      sampleChat({ id: "c3", title: "Weather app", privacy: "private", updatedAt: "2025-03-01T10:00:00Z" }),
      sampleChat({ id: "c2", privacy: "public", updatedAt: "2025-02-01T10:00:00Z" }),
    ];
    const second = [sampleChat({ id: "c1", title: "Oldest", privacy: "team" })];
    const requests = renderWithNetwork((url) =>
      url.searchParams.get("cursor") === "next-1"
        ? json({ chats: second, cursor: null })
        : json({ chats: first, cursor: "next-1" }),
    );
    const rows = await screen.findAllByTestId("chat-row");
    expect(rows.map((r) => r.getAttribute("data-chat-id"))).toEqual(["c3", "c2"]);
    expect(rows[0]).toHaveTextContent("Weather app");
    expect(rows[0]).toHaveTextContent("private");
    expect(rows[0]).toHaveAttribute("href", "/chats/c3");
    expect(rows[0]!.querySelector("time")).toHaveAttribute("title", "2025-03-01 10:00:00 UTC");
    expect(rows[1]).toHaveTextContent("Untitled chat");
    expect(rows[1]).toHaveTextContent("public");

    await userEvent.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(screen.getAllByTestId("chat-row")).toHaveLength(3));
    expect(screen.getAllByTestId("chat-row")[2]).toHaveTextContent("Oldest");
    expect(requests.at(-1)!.searchParams.get("cursor")).toBe("next-1");
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it("shows the service's message and status when the list fails", async () => {
    renderWithNetwork(() => json({ message: "Upstream is down for maintenance" }, 503));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Upstream is down for maintenance");
    expect(alert).toHaveTextContent("HTTP 503");
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});
