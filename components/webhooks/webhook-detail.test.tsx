// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createServiceClient, type ServiceClient } from "@/lib/api/client";
import type { EmbeddedService } from "@/lib/embedded/service";
import { BASE, TEST_KEY, startService, serviceClient } from "@/lib/embedded/test-support";
import { startReceiver, type TestReceiver } from "@/lib/embedded/webhooks/test-receiver";
import { createQueryClient } from "@/lib/hooks/query-client";
import { ServiceClientsProvider } from "@/lib/hooks/service-clients";
import { DeliveriesSection } from "./deliveries-section";
import { WebhookDetail } from "./webhook-detail";

const push = vi.fn();
vi.mock("next/navigation", () => ({
  useRouter: () => ({ push, replace: push, refresh: () => {}, back: () => {}, prefetch: () => {} }),
}));

/** The webhook page against the embedded service delivering to a real loopback receiver (500, then 200). */
let svc: EmbeddedService;
let receiver: TestReceiver;
let client: ServiceClient;
beforeAll(async () => {
  receiver = await startReceiver({
    reply: (n) => (n === 0 ? { status: 500, body: "boom" } : { status: 200, body: "ok" }),
  });
  svc = await startService({ webhookRetrySchedule: [50, 50] });
  client = serviceClient(svc);
});
afterAll(async () => {
  await svc?.close();
  await receiver?.close();
});
afterEach(cleanup);

function renderDetail(hookId: string, serviceClient: ServiceClient = client) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  render(
    <QueryClientProvider client={queryClient}>
      <ServiceClientsProvider v2={serviceClient}>
        <WebhookDetail hookId={hookId} />
      </ServiceClientsProvider>
    </QueryClientProvider>,
  );
}

describe("WebhookDetail", () => {
  it("shows the settings and every attempt (code, duration, next attempt, response); resend adds one", async () => {
    const hook = await client.createHook({ name: "Loopback", url: receiver.url, events: ["chat.created"] });
    const { chat } = await client.createChat({ message: "A kanban board" });
    await waitFor(async () => {
      const { deliveries } = await client.listHookDeliveries(hook.id);
      expect(deliveries[0]?.status).toBe("succeeded");
    });

    renderDetail(hook.id);
    expect(await screen.findByTestId("webhook-title")).toHaveTextContent("Loopback");
    expect(screen.getByTestId("webhook-url")).toHaveTextContent(receiver.url);
    expect(screen.getByText("All chats")).toBeInTheDocument();

    const delivery = await screen.findByTestId("webhook-delivery");
    expect(delivery).toHaveAttribute("data-status", "succeeded");
    expect(delivery).toHaveTextContent("chat.created");
    expect(within(delivery).getByRole("link", { name: chat.id })).toHaveAttribute("href", `/chats/${chat.id}`);
    const attempts = within(delivery).getAllByTestId("attempt");
    expect(attempts.map((a) => a.getAttribute("data-status-code"))).toEqual(["500", "200"]);
    expect(attempts[0]).toHaveTextContent("500 failed");
    expect(attempts[0]).toHaveTextContent(/\d+ ms/);
    expect(attempts[0]!.querySelectorAll("time")).toHaveLength(2); // when, and the next attempt scheduled
    expect(attempts[1]).toHaveTextContent("200 ok");
    expect(attempts[1]).toHaveTextContent("—"); // no next attempt after a success
    await userEvent.click(within(attempts[0]!).getByText("4 characters"));
    expect(within(attempts[0]!).getByText("boom")).toBeVisible();

    await userEvent.click(within(delivery).getByRole("button", { name: "Resend" }));
    await waitFor(() =>
      expect(within(screen.getByTestId("webhook-delivery")).getAllByTestId("attempt")).toHaveLength(3),
    );
    const resent = within(screen.getByTestId("webhook-delivery")).getAllByTestId("attempt")[2]!;
    expect(resent).toHaveTextContent("(resend)");
    expect(resent).toHaveTextContent("200 ok");
    expect(receiver.received.at(-1)!.headers["webhook-id"]).toBe(delivery.getAttribute("data-id"));
  });

  it("shows the newest page of deliveries and loads older ones on demand", async () => {
    const hook = await client.createHook({ name: "Paged", url: receiver.url, events: ["chat.created"] });
    const chats = [];
    for (const title of ["A clock", "A timer", "A stopwatch"])
      chats.push((await client.createChat({ message: title })).chat);
    await waitFor(async () => expect((await client.listHookDeliveries(hook.id)).deliveries).toHaveLength(3));

    const queryClient = createQueryClient();
    render(
      <QueryClientProvider client={queryClient}>
        <ServiceClientsProvider v2={client}>
          <DeliveriesSection hookId={hook.id} disabled={false} pageSize={2} />
        </ServiceClientsProvider>
      </QueryClientProvider>,
    );
    const chatIds = () => screen.getAllByTestId("webhook-delivery").map((d) => within(d).getByRole("link").textContent);
    await waitFor(() => expect(screen.getAllByTestId("webhook-delivery")).toHaveLength(2));
    expect(chatIds()).toEqual([chats[2]!.id, chats[1]!.id]);
    await userEvent.click(screen.getByRole("button", { name: "Show older deliveries" }));
    await waitFor(() => expect(screen.getAllByTestId("webhook-delivery")).toHaveLength(3));
    expect(chatIds()).toEqual([chats[2]!.id, chats[1]!.id, chats[0]!.id]);
    expect(screen.queryByRole("button", { name: "Show older deliveries" })).toBeNull();
  });

  it("hides the deliveries when the upstream does not offer the listing (404), and says when the webhook is gone", async () => {
    const hook = await client.createHook({
      name: "Plain upstream",
      url: "https://example.com/h",
      events: ["chat.deleted"],
    });
    // A real deployment: the spec's endpoints, without the embedded service's deliveries extension.
    const plain = createServiceClient({
      baseUrl: BASE,
      apiKey: TEST_KEY,
      fetch: async (input, init) =>
        String(input instanceof Request ? input.url : input).includes("/deliveries")
          ? new Response(JSON.stringify({ message: "Not found" }), {
              status: 404,
              headers: { "content-type": "application/json" },
            })
          : svc.handle(new Request(input, init)),
    });
    renderDetail(hook.id, plain);
    expect(await screen.findByTestId("webhook-title")).toHaveTextContent("Plain upstream");
    await waitFor(() => expect(screen.queryByTestId("deliveries-section")).toBeNull());
    expect(screen.queryByRole("alert")).toBeNull();
    cleanup();

    renderDetail("hook_missing");
    expect(await screen.findByRole("alert")).toHaveTextContent("This webhook does not exist");
  });
  it("steps the debug controls aside with a note when the deployment lacks them (404)", async () => {
    const hook = await client.createHook({ name: "Older deployment", url: receiver.url, events: ["chat.created"] });
    // A deployment with the deliveries listing but none of the debugging endpoints.
    const lacking = /\/(test|rotate-secret|deliveries\/replay)$/;
    const older = createServiceClient({
      baseUrl: BASE,
      apiKey: TEST_KEY,
      fetch: async (input, init) =>
        lacking.test(new URL(String(input instanceof Request ? input.url : input)).pathname)
          ? new Response(JSON.stringify({ message: "Not found" }), {
              status: 404,
              headers: { "content-type": "application/json" },
            })
          : svc.handle(new Request(input, init)),
    });
    renderDetail(hook.id, older);
    const section = await screen.findByTestId("debug-section");
    await userEvent.click(within(section).getByRole("button", { name: "Send test event" }));
    expect(await within(section).findByText("This deployment does not offer test events.")).toBeInTheDocument();
    expect(within(section).getByRole("button", { name: "Send test event" })).toBeDisabled();
    await userEvent.click(within(section).getByRole("button", { name: "Replay failed" }));
    expect(await within(section).findByText("This deployment does not offer replay.")).toBeInTheDocument();
    expect(within(section).getByRole("button", { name: "Replay failed" })).toBeDisabled();
    await userEvent.click(within(section).getByRole("button", { name: "Rotate secret" }));
    await userEvent.click(await screen.findByRole("button", { name: "Rotate" }));
    expect(await within(section).findByText("This deployment does not offer secret rotation.")).toBeInTheDocument();
    expect(within(section).getByRole("button", { name: "Rotate secret" })).toBeDisabled();
    // Nothing was sent.
    const { deliveries } = await client.listHookDeliveries(hook.id);
    expect(deliveries).toHaveLength(0);
  });
});
