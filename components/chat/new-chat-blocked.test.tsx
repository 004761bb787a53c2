// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createServiceClient } from "@/lib/api/client";
import type { EmbeddedService } from "@/lib/embedded/service";
import { BASE, TEST_KEY, startService } from "@/lib/embedded/test-support";
import { createQueryClient } from "@/lib/hooks/query-client";
import { ServiceClientsProvider } from "@/lib/hooks/service-clients";
import { ChatsShell } from "./chats-shell";
import { NewChatForm } from "./new-chat-form";

// Outside Next's app router: no pathname (the shell draws the chat it has just opened), no search params.
vi.mock("next/navigation", () => ({
  usePathname: () => null,
  useSearchParams: () => null,
  useRouter: () => ({ push: () => undefined, replace: () => undefined, refresh: () => undefined }),
}));

/**
 * A new chat whose first answer asks for approval at once (the scripted agent's `/integration`, no delay), against the
 * real embedded service in both wire modes. The stream reaches the page whole, as a fast agent's does: the chat event,
 * the parts, the blocked finish and the stream's end in one read, before the first part has been painted. The chat
 * that opens must show the approval banner and open its dialog (it showed the request part "waiting for your answer"
 * and no banner: the messages cache written after the stream had settled said the chat had no message).
 */
describe.each(["spec", "document"] as const)("a new chat blocked at once (%s wire)", (wire) => {
  let svc: EmbeddedService;
  beforeAll(async () => {
    Element.prototype.scrollIntoView ??= () => undefined;
    svc = await startService({ agentDelayMs: 0, wire });
  });
  afterAll(() => svc?.close());
  afterEach(() => {
    window.dispatchEvent(new PopStateEvent("popstate"));
    cleanup();
    window.history.replaceState(null, "", "/");
  });

  /** The service's answers; a stream is passed on only once it has ended, in one piece. */
  const transport: typeof fetch = async (input, init) => {
    const response = await svc.handle(new Request(input, init));
    if (!response.headers.get("content-type")?.startsWith("text/event-stream")) return response;
    const whole = await response.arrayBuffer();
    return new Response(whole, { status: response.status, headers: response.headers });
  };

  it("shows the approval banner, whose button opens the approval dialog", async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ServiceClientsProvider v2={createServiceClient({ baseUrl: BASE, apiKey: TEST_KEY, fetch: transport })}>
          <ChatsShell>
            <NewChatForm />
          </ChatsShell>
        </ServiceClientsProvider>
      </QueryClientProvider>,
    );
    await userEvent.type(screen.getByLabelText("Describe an app to build"), "A shop /integration Supabase{Enter}");
    await waitFor(() => expect(window.location.pathname).toMatch(/^\/chats\/[^/]+$/), { timeout: 5000 });
    const banner = await screen.findByTestId("approval-banner", {}, { timeout: 5000 });
    expect(banner).toHaveAttribute("data-task", "integration");
    expect(banner).toHaveTextContent("Supabase");
    await userEvent.click(within(banner).getByRole("button", { name: "Review request" }));
    const dialog = await screen.findByRole("dialog", { name: "Install integrations" });
    expect(within(dialog).getByText("Supabase")).toBeInTheDocument();
  });
});
