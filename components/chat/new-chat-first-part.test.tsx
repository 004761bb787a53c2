// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createServiceClient } from "@/lib/api/client";
import { createServiceClientV1 } from "@/lib/api/client-v1";
import type { EmbeddedService } from "@/lib/embedded/service";
import { BASE, TEST_KEY, call, startService } from "@/lib/embedded/test-support";
import { createQueryClient } from "@/lib/hooks/query-client";
import { useFavorites } from "@/lib/hooks/use-favorites";
import { ServiceClientsProvider } from "@/lib/hooks/service-clients";
import { ChatsList } from "./chats-list";
import { ChatsShell } from "./chats-shell";
import { DRAFT_WITHOUT_PART_MS } from "./new-chat-draft";
import { NewChatForm } from "./new-chat-form";

// Outside Next's app router: no pathname (the shell draws the chat it has just opened), no search params.
vi.mock("next/navigation", () => ({
  usePathname: () => null,
  useSearchParams: () => null,
  useRouter: () => ({ push: () => undefined, replace: () => undefined, refresh: () => undefined }),
}));

/**
 * A new chat against the real embedded service, from the new-chat form to its first part: while the agent writes that
 * part, the page asks the service for nothing but the stream (the server answers every request in the same process,
 * between the stream's events). What the open chat needs besides (the branch source, the files panel) is read once the
 * part is on screen (e2e/files.spec.ts opens a new chat's files).
 */
let svc: EmbeddedService;
/** Every request the page made: method and path, in order. */
const requests: string[] = [];
/** Holds the stream's events from its first parts chunk on, until released. */
let firstPart: Promise<void> = Promise.resolve();

/** Passes the stream's events on until the first `message.parts.chunk`, which waits for `firstPart`. */
function holdFirstPart(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let buffered = "";
  let held = false;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      async transform(chunk, controller) {
        buffered += decoder.decode(chunk, { stream: true });
        const events = buffered.split("\n\n");
        buffered = events.pop() ?? "";
        for (const event of events) {
          if (!held && event.includes('"message.parts.chunk"')) {
            held = true;
            await firstPart;
          }
          controller.enqueue(encoder.encode(`${event}\n\n`));
        }
      },
      flush(controller) {
        if (buffered) controller.enqueue(encoder.encode(buffered));
      },
    }),
  );
}

const transport: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  const url = new URL(request.url);
  requests.push(`${request.method} ${url.pathname.replace("/svc", "")}${url.search}`);
  const response = await svc.handle(request);
  if (!request.url.endsWith("/v2/chats/stream") || !response.body) return response;
  return new Response(holdFirstPart(response.body), { status: response.status, headers: response.headers });
};

beforeAll(async () => {
  Element.prototype.scrollIntoView ??= () => undefined;
  svc = await startService({ agentDelayMs: 5 });
});
afterAll(() => svc?.close());
afterEach(() => {
  // Back to /chats, as the browser's Back does: the shell forgets the chat it had opened in place.
  window.dispatchEvent(new PopStateEvent("popstate"));
  cleanup();
  window.history.replaceState(null, "", "/");
});

/** What the dashboard's sidebar keeps loaded on every page (the favorites group). */
function SidebarStandIn() {
  useFavorites();
  return null;
}

function renderChats() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ServiceClientsProvider
        v2={createServiceClient({ baseUrl: BASE, apiKey: TEST_KEY, fetch: transport })}
        v1={createServiceClientV1({ baseUrl: BASE, apiKey: TEST_KEY, fetch: transport })}
      >
        <SidebarStandIn />
        <ChatsShell>
          <NewChatForm />
          <ChatsList />
        </ChatsShell>
      </ServiceClientsProvider>
    </QueryClientProvider>,
  );
}

describe("a new chat's first part", () => {
  it("is written while the page reads nothing but its stream (no chat, messages, chats list, favorites, branch source or files)", async () => {
    let release!: () => void;
    firstPart = new Promise((resolve) => (release = resolve));
    renderChats();
    await waitFor(() => expect(requests.some((r) => r.startsWith("GET /v1/chats?"))).toBe(true));
    await userEvent.type(screen.getByLabelText("Describe an app to build"), "A tide clock /fast{Enter}");

    // The chat is open (its address, its view) and the agent's first part is on its way, held back: the chat opened
    // without it once it was late (an agent slow to start).
    await waitFor(() => expect(window.location.pathname).toMatch(/^\/chats\/[^/]+$/));
    expect(await screen.findByTestId("timeline")).toBeInTheDocument();
    const opened = requests.length;
    // Time for whatever the open chat would read on its own (effects, queries) to be sent.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryAllByTestId("part")).toHaveLength(0);
    const beforePart = requests.slice(requests.indexOf("POST /v2/chats/stream"));
    expect(beforePart).toEqual(["POST /v2/chats/stream"]);
    expect(requests.length).toBe(opened);

    release();
    expect((await screen.findAllByTestId("part")).length).toBeGreaterThan(0);
  });

  it("goes on screen before the rest of the chat view mounts (the composer's space is kept), which mounts after it", async () => {
    let release!: () => void;
    firstPart = new Promise((resolve) => (release = resolve));
    renderChats();
    await userEvent.type(screen.getByLabelText("Describe an app to build"), "A tide clock /fast{Enter}");
    await screen.findByTestId("timeline");
    // What the page holds the moment the first part is in the DOM.
    let atFirstPart: { composer: boolean; space: boolean } | null = null;
    const observer = new MutationObserver(() => {
      if (atFirstPart || !document.querySelector('[data-testid="part"]')) return;
      atFirstPart = {
        composer: screen.queryByLabelText("Message the agent") !== null,
        space: screen.queryByTestId("composer-space") !== null,
      };
    });
    observer.observe(document.body, { childList: true, subtree: true });
    release();
    expect((await screen.findAllByTestId("part")).length).toBeGreaterThan(0);
    observer.disconnect();
    expect(atFirstPart).toEqual({ composer: false, space: true });
    // Then the whole view: the composer in the space kept for it, the virtualized timeline.
    expect(await screen.findByLabelText("Message the agent", {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByTestId("composer-space")).toBeNull();
    expect(screen.getAllByTestId("part").length).toBeGreaterThan(0);
  });

  it("is drawn from the stream at once: the prompt before the chat exists, the first part before the chat view", async () => {
    let release!: () => void;
    firstPart = new Promise((resolve) => (release = resolve));
    renderChats();
    await userEvent.type(screen.getByLabelText("Describe an app to build"), "A harbour clock /fast{Enter}");
    // The prompt shows in the new chat's draft while the service creates the chat; the form is hidden underneath.
    const draft = await screen.findByTestId("new-chat-draft");
    expect(within(draft).getByText("A harbour clock /fast")).toBeInTheDocument();
    expect(screen.getByTestId("new-chat-form")).not.toBeVisible();
    // Nothing to show details of yet: the header's toggle is there (nothing moves later), disabled.
    expect(within(draft).getByRole("button", { name: "Show chat details" })).toBeDisabled();
    let inDraft: boolean | null = null;
    const observer = new MutationObserver(() => {
      if (inDraft !== null || !document.querySelector('[data-testid="part"]')) return;
      inDraft = document.querySelector('[data-testid="new-chat-draft"] [data-testid="part"]') !== null;
    });
    observer.observe(document.body, { childList: true, subtree: true });
    release();
    await waitFor(() => expect(inDraft).not.toBeNull());
    observer.disconnect();
    expect(inDraft).toBe(true);
    // Then the chat view takes over, at the chat's address, whole (its composer).
    await waitFor(() => expect(window.location.pathname).toMatch(/^\/chats\/[^/]+$/));
    expect(await screen.findByLabelText("Message the agent", {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByTestId("new-chat-draft")).toBeNull();
    expect(screen.getAllByTestId("part").length).toBeGreaterThan(0);
  });

  it("is not preceded by any drawing: the draft shows with the first part (or after a moment without one)", async () => {
    firstPart = Promise.resolve();
    renderChats();
    const box = screen.getByLabelText("Describe an app to build");
    await userEvent.type(box, "A quiet clock /fast");
    // The first time the draft is in the DOM: whether it holds a part, and how long after Enter.
    let shown: { part: boolean; after: number } | null = null;
    let enter = 0;
    const observer = new MutationObserver(() => {
      const draft = document.querySelector('[data-testid="new-chat-draft"]');
      if (shown || !draft) return;
      shown = { part: draft.querySelector('[data-testid="part"]') !== null, after: performance.now() - enter };
    });
    observer.observe(document.body, { childList: true, subtree: true });
    enter = performance.now();
    await userEvent.keyboard("{Enter}");
    // Meanwhile the form is as it was: the prompt in its box.
    if (!shown) {
      expect(screen.getByTestId("new-chat-form")).toBeVisible();
      expect(box).toHaveValue("A quiet clock /fast");
    }
    await waitFor(() => expect(shown).not.toBeNull());
    observer.disconnect();
    const { part, after } = shown!;
    expect(part || after >= DRAFT_WITHOUT_PART_MS).toBe(true);
    await waitFor(() => expect(window.location.pathname).toMatch(/^\/chats\/[^/]+$/));
  });

  it("is asked for once when Enter is pressed twice before the draft shows", async () => {
    let release!: () => void;
    firstPart = new Promise((resolve) => (release = resolve));
    renderChats();
    const before = requests.length;
    await userEvent.type(screen.getByLabelText("Describe an app to build"), "A twice-sent clock{Enter}{Enter}");
    await screen.findByTestId("new-chat-draft");
    release();
    await waitFor(() => expect(window.location.pathname).toMatch(/^\/chats\/[^/]+$/));
    expect(requests.slice(before).filter((r) => r === "POST /v2/chats/stream")).toHaveLength(1);
  });

  it("closes when the service refuses the chat: the form shows again with the error and the prompt in its box", async () => {
    firstPart = Promise.resolve();
    const created = await call(svc, "POST", "/v2/mcp-servers", {
      body: { name: "Gone soon", url: "https://mcp.example.com/gone", auth: "none" },
    });
    expect(created.status).toBe(201);
    const serverId = (created.body as { id: string }).id;
    renderChats();
    await userEvent.click(await screen.findByRole("checkbox", { name: /Gone soon/ }));
    // Removed after it was picked: the service refuses a chat that names it.
    expect((await call(svc, "DELETE", `/v2/mcp-servers/${serverId}`)).status).toBeLessThan(300);
    const before = requests.length;
    await userEvent.type(screen.getByLabelText("Describe an app to build"), "A refused clock{Enter}");
    expect(await screen.findByText("The chat was not created")).toBeVisible();
    expect(screen.getByLabelText("Describe an app to build")).toHaveValue("A refused clock");
    expect(screen.queryByTestId("new-chat-draft")).toBeNull();
    expect(window.location.pathname).not.toMatch(/^\/chats\//);
    expect(requests.slice(before)).toContain("POST /v2/chats/stream");
  });
});
