// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createServiceClient } from "@/lib/api/client";
import { encodeSseEvent } from "@/lib/api/sse";
import { allKindsOfParts, sampleChat, sampleMessage, streamedEvents } from "@/lib/api/testing/fixtures";
import type { Message, Part } from "@/lib/api/schemas";
import { createQueryClient } from "@/lib/hooks/query-client";
import { ServiceClientsProvider } from "@/lib/hooks/service-clients";
import { ChatView } from "./chat-view";

beforeAll(() => {
  // jsdom lacks these layout APIs.
  Element.prototype.scrollIntoView ??= () => undefined;
});
afterEach(cleanup);

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** An SSE body that yields one event per pull, like a server flushing as it goes. */
function sse(events: ReturnType<typeof streamedEvents>): Response {
  const encoder = new TextEncoder();
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      await new Promise((r) => setTimeout(r, 1));
      if (i < events.length) controller.enqueue(encoder.encode(encodeSseEvent(events[i++]!)));
      else controller.close();
    },
  });
  return new Response(body, { headers: { "content-type": "text/event-stream" } });
}

function growing(): Part[][] {
  const all = allKindsOfParts();
  return [[], ...all.map((_, i) => all.slice(0, i + 1))];
}

describe("ChatView", () => {
  it("follows a follow-up's stream into a new assistant message, then shows the persisted one", async () => {
    const first: Message[] = [
      sampleMessage({
        id: "msg_a",
        role: "assistant",
        content: "First answer",
        parts: [{ type: "text", text: "First answer" }],
      }),
      sampleMessage({ id: "msg_u", role: "user", content: "Make a page", parts: [], usage: undefined }),
    ];
    let persisted = first;
    const client = createServiceClient({
      baseUrl: "http://dash.test/api/service",
      fetch: async (input, init) => {
        const request = input instanceof Request ? input : new Request(String(input), init);
        const path = new URL(request.url).pathname.replace("/api/service", "");
        if (request.method === "GET" && path === "/v2/chats/chat_1") return json(sampleChat({ title: "Old title" }));
        if (request.method === "GET" && path === "/v2/chats/chat_1/messages")
          return json({ messages: persisted, cursor: null });
        if (request.method === "POST" && path === "/v2/chats/chat_1/messages/stream") {
          const body = (await request.json()) as { message: string };
          persisted = [
            sampleMessage({ id: "msg_2", content: "Done." }),
            sampleMessage({ id: "msg_u2", role: "user", content: body.message, parts: [], usage: undefined }),
            ...first,
          ];
          return sse(streamedEvents(growing()));
        }
        return json({ message: `unexpected ${request.method} ${path}` }, 404);
      },
    });
    const queryClient = createQueryClient();
    render(
      <QueryClientProvider client={queryClient}>
        <ServiceClientsProvider v2={client}>
          <ChatView chatId="chat_1" />
        </ServiceClientsProvider>
      </QueryClientProvider>,
    );

    expect(await screen.findByTestId("chat-title")).toHaveTextContent("Old title");
    await waitFor(() => expect(screen.getAllByTestId("message")).toHaveLength(2));
    expect(screen.getAllByTestId("message").map((m) => m.dataset.role)).toEqual(["user", "assistant"]);

    await userEvent.type(screen.getByTestId("composer"), "Add a reset button{Enter}");

    // The prompt shows at once, then the live message grows to all eight parts.
    await waitFor(() => expect(screen.getAllByTestId("message")).toHaveLength(4));
    const live = () => screen.getAllByTestId("message")[3]!;
    expect(screen.getAllByTestId("message")[2]).toHaveTextContent("Add a reset button");
    await waitFor(() => expect(within(live()).getAllByTestId("part")).toHaveLength(8));
    await waitFor(() => expect(screen.getByTestId("chat-title")).toHaveTextContent("Landing page"));
    expect(live()).toHaveAttribute("data-message-id", "msg_2");

    // After the closing chat event the queries are refetched and the persisted copy takes over.
    await waitFor(() => expect(live()).not.toHaveAttribute("data-streaming"));
    await waitFor(() => expect(within(live()).getByTestId("message-content")).toHaveTextContent("Done."));
    expect(within(live()).getByTestId("usage")).toHaveTextContent("36 tokens");
    expect(screen.getAllByTestId("message").map((m) => m.dataset.messageId)).toEqual([
      "msg_u",
      "msg_a",
      "msg_u2",
      "msg_2",
    ]);
    expect(screen.getByTestId("composer")).not.toHaveAttribute("aria-disabled");
  });

  it("shows the service's message and status when the chat cannot be opened", async () => {
    const client = createServiceClient({
      baseUrl: "http://dash.test/api/service",
      fetch: async () => json({ message: "Chat not found: nope" }, 404),
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ServiceClientsProvider v2={client}>
          <ChatView chatId="nope" />
        </ServiceClientsProvider>
      </QueryClientProvider>,
    );
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Chat not found: nope");
    expect(alert).toHaveTextContent("HTTP 404");
  });
});
