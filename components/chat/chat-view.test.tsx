// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ServiceClient } from "@/lib/api/client";
import type { EmbeddedService } from "@/lib/embedded/service";
import { addPerson, callAs } from "@/lib/embedded/people/test-people";
import { BASE, TEST_KEY, startService, serviceClient } from "@/lib/embedded/test-support";
import { createQueryClient } from "@/lib/hooks/query-client";
import { ServiceClientsProvider } from "@/lib/hooks/service-clients";
import { ChatView } from "./chat-view";

/** The chat page against the real embedded service (in-process, as the proxy would reach it). */
let svc: EmbeddedService;
let client: ServiceClient;
beforeAll(async () => {
  // jsdom lacks these layout APIs.
  Element.prototype.scrollIntoView ??= () => undefined;
  // A small pace, so the answer streams in parts the page shows while they arrive.
  svc = await startService({ agentDelayMs: 5 });
  client = serviceClient(svc);
});
afterAll(() => svc?.close());
afterEach(cleanup);

function renderChat(chatId: string) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  return render(
    <QueryClientProvider client={queryClient}>
      <ServiceClientsProvider v2={client}>
        <ChatView chatId={chatId} />
      </ServiceClientsProvider>
    </QueryClientProvider>,
  );
}

describe("ChatView", () => {
  it("sends a follow-up: the prompt at once, the answer in a new assistant message, then the persisted ones in order", async () => {
    const { chat } = await client.createChat({ message: "Make a landing page /fast" });
    renderChat(chat.id);

    expect(await screen.findByTestId("chat-title")).toHaveTextContent(chat.title!);
    await waitFor(() => expect(screen.getAllByTestId("message")).toHaveLength(2));
    expect(screen.getAllByTestId("message").map((m) => m.dataset.role)).toEqual(["user", "assistant"]);

    await userEvent.type(screen.getByTestId("composer"), "Add a reset button{Enter}");

    // The prompt shows at once, then the answer streams into a new assistant message.
    await waitFor(() => expect(screen.getAllByTestId("message")).toHaveLength(4), { timeout: 10_000 });
    const live = () => screen.getAllByTestId("message")[3]!;
    expect(screen.getAllByTestId("message")[2]).toHaveTextContent("Add a reset button");
    expect(live()).toHaveAttribute("data-role", "assistant");

    // Once the answer has finished, the page shows the service's persisted messages, in order.
    await waitFor(() => expect(live()).not.toHaveAttribute("data-streaming"), { timeout: 15_000 });
    const { messages } = await client.listMessages(chat.id);
    const answer = messages[0]!;
    const parts = answer.parts ?? [];
    expect(answer.role).toBe("assistant");
    await waitFor(() => expect(live()).toHaveAttribute("data-message-id", answer.id));
    expect(screen.getAllByTestId("message").map((m) => m.dataset.messageId)).toEqual(
      [...messages].reverse().map((m) => m.id),
    );
    await waitFor(() => expect(within(live()).getAllByTestId("part")).toHaveLength(parts.length));
    expect(parts.length).toBeGreaterThan(0);
    expect(screen.getByTestId("composer")).not.toHaveAttribute("aria-disabled");
  });

  it("shows the service's message and status when the chat cannot be opened", async () => {
    const refused = await svc.handle(
      new Request(`${BASE}/v2/chats/nope`, { headers: { authorization: `Bearer ${TEST_KEY}` } }),
    );
    expect(refused.status).toBe(404);
    const { message } = (await refused.json()) as { message: string };
    renderChat("nope");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(message);
    expect(alert).toHaveTextContent("HTTP 404");
  });
  it("a chat its privacy lets the caller read only (another person's team chat): no composer, a note saying why", async () => {
    const member = await addPerson(svc, "author@example.com", "member");
    const make = async (privacy: string) => {
      const made = await callAs(svc, { actingAs: member.id }, "POST", "/v2/chats", { message: "Notes /fast", privacy });
      return (made.body as { chat: { id: string } }).chat.id;
    };
    // The client is the first admin's: the member's team chat is theirs to read, not to change.
    const readOnly = await make("team");
    renderChat(readOnly);
    expect(await screen.findByTestId("read-only-note")).toHaveTextContent(
      "This chat is read-only for you: only its author sends and answers.",
    );
    expect(screen.queryByTestId("composer")).toBeNull();
    cleanup();
    // team-edit: every member (and admin) changes it.
    renderChat(await make("team-edit"));
    expect(await screen.findByTestId("composer")).toBeInTheDocument();
    expect(screen.queryByTestId("read-only-note")).toBeNull();
  });
});
