// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { createServiceClient, type ServiceClient } from "@/lib/api/client";
import { sampleChat } from "@/lib/api/testing/fixtures";
import { BASE, TEST_KEY, serviceForFile } from "@/lib/embedded/test-support";
import { renderWithClient } from "@/test/render-with-client";
import { ChatRow } from "./chat-row";
import { ChatsList } from "./chats-list";

/** The chats list against the real embedded service (in-process, as the proxy would reach it). */
const svc = serviceForFile();
afterEach(cleanup);

/** A client of the service with the given key; `requests` records the URLs the page asked for. */
function clientOf(apiKey = TEST_KEY) {
  const requests: URL[] = [];
  const client = createServiceClient({
    baseUrl: BASE,
    apiKey,
    fetch: (input, init) => {
      const request = new Request(input, init);
      requests.push(new URL(request.url));
      return svc.handle(request);
    },
  });
  return { client, requests };
}

const renderWith = (client: ServiceClient, ui: ReactElement) => renderWithClient(ui, client);

/** The exact UTC time a chat row shows on hover. */
const utc = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;

describe("ChatsList", () => {
  // Runs first: the service has no chat yet.
  it("explains the next step when there are no chats", async () => {
    renderWith(clientOf().client, <ChatsList />);
    expect(await screen.findByText("No chats yet")).toBeInTheDocument();
    expect(screen.getByText(/Describe an app to build/)).toBeInTheDocument();
  });

  it("lists chats in the service's order with title, privacy and exact UTC time, and loads more with the cursor", async () => {
    const { client, requests } = clientOf();
    // One more than a page (20): the oldest one is on the second page. Chats from files: no answer to wait for.
    const files = [{ name: "index.html", content: "<h1>hi</h1>" }];
    const oldest = await client.createChatFromFiles({ files, title: "Oldest", privacy: "team" });
    await Promise.all(
      Array.from({ length: 19 }, (_, i) =>
        client.createChatFromFiles({ files, title: `Chat ${i}`, privacy: "public" }),
      ),
    );
    const newest = await client.createChatFromFiles({ files, title: "Weather app", privacy: "private" });
    const first = await client.listChats({ limit: 20 });

    renderWith(client, <ChatsList />);
    const rows = await screen.findAllByTestId("chat-row");
    expect(rows.map((r) => r.getAttribute("data-chat-id"))).toEqual(first.chats.map((c) => c.id));
    expect(rows[0]).toHaveAttribute("data-chat-id", newest.chat.id);
    expect(rows[0]).toHaveTextContent("Weather app");
    expect(rows[0]).toHaveTextContent("private");
    expect(rows[0]).toHaveAttribute("href", `/chats/${newest.chat.id}`);
    expect(rows[0]!.querySelector("time")).toHaveAttribute(
      "title",
      utc(first.chats[0]!.updatedAt ?? first.chats[0]!.createdAt),
    );
    expect(rows[1]).toHaveTextContent(first.chats[1]!.title!);
    expect(first.chats[1]!.title).toMatch(/^Chat \d+$/);
    expect(rows[1]).toHaveTextContent("public");
    expect(first.cursor).toEqual(expect.any(String));

    await userEvent.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(screen.getAllByTestId("chat-row")).toHaveLength(21));
    expect(screen.getAllByTestId("chat-row")[20]).toHaveAttribute("data-chat-id", oldest.chat.id);
    expect(screen.getAllByTestId("chat-row")[20]).toHaveTextContent("Oldest");
    expect(screen.getAllByTestId("chat-row")[20]).toHaveTextContent("team");
    expect(requests.at(-1)!.searchParams.get("cursor")).toBe(first.cursor);
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it("names a chat without a title", () => {
    // The embedded service always names its chats; another deployment of the interface may not.
    renderWith(
      clientOf().client,
      <ul>
        <ChatRow chat={sampleChat({ id: "c2", privacy: "public" })} />
      </ul>,
    );
    expect(screen.getByTestId("chat-row")).toHaveTextContent("Untitled chat");
  });

  it("shows the service's message and status when the list fails", async () => {
    // A key the service does not know: its own 401 answer, as the page would get it.
    renderWith(clientOf("sk_not_the_key").client, <ChatsList />);
    const alert = await screen.findByRole("alert");
    const refused = await svc.handle(new Request(`${BASE}/v2/chats`, { headers: { authorization: "Bearer nope" } }));
    const { message } = (await refused.json()) as { message: string };
    expect(refused.status).toBe(401);
    expect(alert).toHaveTextContent(message);
    expect(alert).toHaveTextContent("HTTP 401");
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});
