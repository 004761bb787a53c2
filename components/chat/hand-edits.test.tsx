// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, renderHook, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createServiceClient, type ServiceClient } from "@/lib/api/client";
import { createServiceClientV1, type ServiceClientV1 } from "@/lib/api/client-v1";
import type { EmbeddedService } from "@/lib/embedded/service";
import { BASE, TEST_KEY, startService } from "@/lib/embedded/test-support";
import { createQueryClient } from "@/lib/hooks/query-client";
import { ServiceClientsProvider } from "@/lib/hooks/service-clients";
import { unsupportedReason, useHandEditSupport } from "@/lib/hooks/use-hand-edit-support";
import { ChatView } from "./chat-view";

/** Hand edits in the dashboard against the real embedded service (in-process, as the proxy would reach it). */
let svc: EmbeddedService;
const transport = (answer?: (req: Request) => Response | null) => (input: RequestInfo | URL, init?: RequestInit) => {
  const req = new Request(input, init);
  return Promise.resolve(answer?.(req) ?? svc.handle(req));
};
const clientsOf = (fetch: typeof globalThis.fetch) => ({
  v2: createServiceClient({ baseUrl: BASE, apiKey: TEST_KEY, fetch }),
  v1: createServiceClientV1({ baseUrl: BASE, apiKey: TEST_KEY, fetch }),
});
let client: ServiceClient;
let clientV1: ServiceClientV1;
beforeAll(async () => {
  Element.prototype.scrollIntoView ??= () => undefined;
  svc = await startService({ agentDelayMs: 5 });
  ({ v2: client, v1: clientV1 } = clientsOf(transport()));
});
afterAll(() => svc?.close());
afterEach(() => {
  cleanup();
  localStorage.clear();
});

function wrapper(clients: { v2: ServiceClient; v1: ServiceClientV1 }) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <ServiceClientsProvider v2={clients.v2} v1={clients.v1}>
          {children}
        </ServiceClientsProvider>
      </QueryClientProvider>
    );
  };
}

describe("the timeline's hand edit rows", () => {
  it("knows a hand edit by its messages' v1 type, not by their text: a prompt written like one stays a prompt", async () => {
    const { chat } = await client.createChat({ message: "A counter app /fast" });
    const { files } = await client.getFiles(chat.id);
    const css = files.find((f) => f.path === "styles.css")!;
    await client.updateFiles(chat.id, {
      files: [
        { path: "styles.css", content: `${css.content}\n/* mine */\n` },
        { path: "app.js", content: null },
        { path: "notes.md", content: "# Notes\n" },
      ],
    });
    const lookalike = "Edited by hand: index.html (updated)";
    await client.sendMessage(chat.id, { message: lookalike });
    const Wrapper = wrapper({ v2: client, v1: clientV1 });
    render(
      <Wrapper>
        <ChatView chatId={chat.id} />
      </Wrapper>,
    );

    const row = await screen.findByTestId("hand-edit-row", {}, { timeout: 10_000 });
    expect(row).toHaveTextContent("You edited app.js and 2 other files");
    const links = within(row).getAllByTestId("hand-edit-file");
    expect(links.map((a) => a.textContent)).toEqual(["notes.md", "styles.css"]);
    expect(links[1]).toHaveAttribute("href", `/chats/${chat.id}?file=styles.css&view=changes`);
    // The deleted file has no diff to link to.
    expect(within(row).getByTitle("Deleted")).toHaveTextContent("app.js");
    // The prompt that only looks like a hand edit is shown as the person's message, with its answer.
    await waitFor(() => expect(screen.getAllByTestId("message")).toHaveLength(4), { timeout: 10_000 });
    expect(screen.getAllByTestId("message")[2]).toHaveTextContent(lookalike);
    expect(screen.getAllByTestId("hand-edit-row")).toHaveLength(1);
  });

  it("a restore has the same shape but is not a hand edit: it shows as its two messages", async () => {
    const { chat } = await client.createChat({ message: "A notes app /fast" });
    const first = (await client.listMessages(chat.id)).messages.find((m) => m.role === "assistant")!;
    await client.updateFiles(chat.id, { files: [{ path: "notes.md", content: "# Notes\n" }] });
    await client.restoreMessage(chat.id, first.id);
    const Wrapper = wrapper({ v2: client, v1: clientV1 });
    render(
      <Wrapper>
        <ChatView chatId={chat.id} />
      </Wrapper>,
    );
    await waitFor(() => expect(screen.getAllByTestId("message")).toHaveLength(4), { timeout: 10_000 });
    expect(screen.getAllByTestId("hand-edit-row")).toHaveLength(1);
  });
});

describe("a deployment without PATCH /v2/chats/{id}/files", () => {
  // An older deployment: the same service, but the operation answers 405 as a server without the route does.
  const older = transport((req) =>
    req.method === "PATCH" && new URL(req.url).pathname.endsWith("/files")
      ? Response.json({ message: "Method PATCH is not allowed." }, { status: 405, headers: { allow: "GET" } })
      : null,
  );

  it("is learnt from its first 405 and remembered, so editing is off up front from then on", async () => {
    const clients = clientsOf(older);
    const { chat } = await clients.v2.createChat({ message: "A counter app /fast" });
    const first = renderHook(() => useHandEditSupport(chat.id), { wrapper: wrapper(clients) });
    expect(first.result.current.unsupported).toBeNull();
    const error = await clients.v2.updateFiles(chat.id, { files: [{ path: "a.md", content: "" }] }).then(
      () => null,
      (e: unknown) => e,
    );
    let learnt = false;
    await act(async () => {
      learnt = await first.result.current.learn(error);
    });
    expect(learnt).toBe(true);
    expect(first.result.current.unsupported).toBe(unsupportedReason(405));
    // Another page of the dashboard (a fresh hook, another chat) knows it before any request.
    const later = renderHook(() => useHandEditSupport("another-chat"), { wrapper: wrapper(clients) });
    expect(later.result.current.unsupported).toContain("does not offer editing files (it answered 405");
  });

  it("a 404 for a chat deleted meanwhile is not taken for a missing operation", async () => {
    const { chat } = await client.createChat({ message: "A counter app /fast" });
    await client.deleteChat(chat.id);
    const error = await client.updateFiles(chat.id, { files: [{ path: "a.md", content: "" }] }).then(
      () => null,
      (e: unknown) => e,
    );
    const hook = renderHook(() => useHandEditSupport(chat.id), { wrapper: wrapper({ v2: client, v1: clientV1 }) });
    let learnt = true;
    await act(async () => {
      learnt = await hook.result.current.learn(error);
    });
    expect(learnt).toBe(false);
    expect(hook.result.current.unsupported).toBeNull();
  });
});
