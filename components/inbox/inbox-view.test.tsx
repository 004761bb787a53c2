// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createServiceClient, type ServiceClient } from "@/lib/api/client";
import type { EmbeddedService } from "@/lib/embedded/service";
import { BASE, TEST_KEY, startService, serviceClient } from "@/lib/embedded/test-support";
import { createQueryClient } from "@/lib/hooks/query-client";
import { ServiceClientsProvider } from "@/lib/hooks/service-clients";
import { createInboxApi, type InboxApi } from "@/lib/api/inbox-client";
import {
  attachSecretRoute,
  createInboxRoute,
  deleteInboxRoute,
  getInboxRoute,
  listDeliveriesRoute,
  listInboxesRoute,
  type AdminDeps,
} from "@/lib/server/inbox/admin";
import { receiveDelivery } from "@/lib/server/inbox/receiver";
import { InboxStore } from "@/lib/server/inbox/store";
import { DeliverToDashboardButton } from "@/components/webhooks/deliver-to-dashboard-button";
import { InboxView } from "./inbox-view";

const push = vi.fn();
vi.mock("next/navigation", () => ({
  useRouter: () => ({ push, replace: push, refresh: () => {}, back: () => {}, prefetch: () => {} }),
}));

/**
 * "Deliver to this dashboard" and the live inbox against the real pieces: the embedded service delivers over
 * HTTP to the inbox receiver on a loopback port; the inbox-admin routes run in-process with a session.
 */
let server: Server;
let origin = "";
let store: InboxStore;
let svc: EmbeddedService;
let client: ServiceClient;
let inboxApi: InboxApi;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      const request = new Request(`${origin}${req.url}`, { method: req.method, headers, body: Buffer.concat(chunks) });
      const response = await receiveDelivery(store, decodeURIComponent(req.url!.split("/").at(-1)!), request);
      res.writeHead(response.status, { "content-type": "application/json" });
      res.end(await response.text());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  store = await InboxStore.open({ dataDir: "memory://", appUrl: origin, secretKey: "test-auth-secret" });
  svc = await startService({ webhookRetrySchedule: [100, 100, 100] });
  client = serviceClient(svc);
  const deps: AdminDeps = { store, appUrl: origin, role: async () => "admin" };
  inboxApi = createInboxApi({
    baseUrl: `${origin}/api/inbox-admin`,
    // The browser's same-origin request, routed as app/api/inbox-admin/** does.
    fetch: async (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set("origin", origin);
      const req = new Request(input, { ...init, headers });
      const [id, sub] = new URL(req.url).pathname
        .replace(/^\/api\/inbox-admin\/?/, "")
        .split("/")
        .filter(Boolean)
        .map(decodeURIComponent);
      if (!id) return req.method === "POST" ? createInboxRoute(req, deps) : listInboxesRoute(req, deps);
      if (sub === "secret") return attachSecretRoute(req, id, deps);
      if (sub === "deliveries") return listDeliveriesRoute(req, id, deps);
      return req.method === "DELETE" ? deleteInboxRoute(req, id, deps) : getInboxRoute(req, id, deps);
    },
  });
});

afterAll(async () => {
  await svc?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await store?.close();
});
afterEach(() => {
  cleanup();
  push.mockReset();
});

function renderWith(children: ReactNode, serviceClient: ServiceClient = client) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  return render(
    <QueryClientProvider client={queryClient}>
      <ServiceClientsProvider v2={serviceClient}>
        <ServiceClientsProvider inbox={inboxApi}>{children}</ServiceClientsProvider>
      </ServiceClientsProvider>
    </QueryClientProvider>,
  );
}

describe("deliver to this dashboard", () => {
  it("one click: an inbox, a webhook to its receiver with the secret attached; the inbox shows verified deliveries live", async () => {
    renderWith(<DeliverToDashboardButton />);
    await userEvent.click(screen.getByTestId("deliver-to-dashboard"));
    await waitFor(() => expect(push).toHaveBeenCalled());
    const inboxId = decodeURIComponent(String(push.mock.calls[0]![0]).replace("/inbox/", ""));
    const inbox = await inboxApi.get(inboxId);
    expect(inbox).toMatchObject({ url: `${origin}/api/inbox/${inboxId}`, hasSecret: true });
    const hook = await client.getHook(inbox.webhookId!);
    expect(hook).toMatchObject({ url: inbox.url, chatId: null });
    expect(hook.events).toContain("message.finished");
    expect(hook.events).not.toContain("message.updated");
    cleanup();

    renderWith(<InboxView inboxId={inboxId} />);
    expect(await screen.findByText("Waiting for the first delivery")).toBeInTheDocument();
    expect(screen.getByText(/Signing secret attached/)).toBeInTheDocument();

    const { chat } = await client.createChat({ message: "A stopwatch" });
    await waitFor(
      () => {
        const types = screen.getAllByTestId("inbox-delivery").map((el) => el.getAttribute("data-type"));
        expect(types).toEqual(expect.arrayContaining(["chat.created", "message.created", "message.finished"]));
      },
      { timeout: 15_000 },
    );
    const items = screen.getAllByTestId("inbox-delivery");
    for (const item of items) {
      expect(item).toHaveAttribute("data-verified", "true");
      expect(within(item).getByTestId("verified-badge")).toHaveTextContent("verified");
      expect(within(item).getByTestId("inbox-chat-link")).toHaveAttribute("href", `/chats/${chat.id}`);
    }
    // Newest first: the finished message came last, so it is on top.
    await waitFor(
      () => expect(screen.getAllByTestId("inbox-delivery")[0]).toHaveAttribute("data-type", "message.finished"),
      {
        timeout: 10_000,
      },
    );
    // Each webhook-id once.
    const ids = screen.getAllByTestId("inbox-delivery").map((el) => el.getAttribute("data-delivery-id"));
    expect(new Set(ids).size).toBe(ids.length);
  }, 40_000);

  it("leaves nothing half-made when the webhook cannot be created", async () => {
    const before = (await inboxApi.list()).inboxes.length;
    const failing = createServiceClient({
      baseUrl: BASE,
      apiKey: TEST_KEY,
      // The upstream is down for webhook creation.
      fetch: async (input, init) =>
        new Request(input, init).method === "POST"
          ? new Response(JSON.stringify({ message: "Upstream unavailable" }), {
              status: 503,
              headers: { "content-type": "application/json" },
            })
          : svc.handle(new Request(input, init)),
    });
    renderWith(<DeliverToDashboardButton />, failing);
    await userEvent.click(screen.getByTestId("deliver-to-dashboard"));
    expect(await screen.findByRole("alert")).toHaveTextContent("Upstream unavailable");
    expect(push).not.toHaveBeenCalled();
    expect((await inboxApi.list()).inboxes).toHaveLength(before);
  });
});
