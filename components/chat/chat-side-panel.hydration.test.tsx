// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { act, cleanup, screen } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, expect, it } from "vitest";
import { createServiceClient } from "@/lib/api/client";
import { sampleChat } from "@/lib/api/testing/fixtures";
import { createQueryClient } from "@/lib/hooks/query-client";
import { filesKeys, queryKeys } from "@/lib/hooks/query-keys";
import { ServiceClientsProvider } from "@/lib/hooks/service-clients";
import { ChatSidePanel } from "./chat-side-panel";

afterEach(cleanup);

const client = createServiceClient({
  baseUrl: "http://dash.test/api/service",
  // Never answers: the test is about what is rendered before any request could.
  fetch: () => new Promise<Response>(() => {}),
});

const panel = (queryClient: QueryClient) => (
  <QueryClientProvider client={queryClient}>
    <ServiceClientsProvider v2={client}>
      <ChatSidePanel chatId="chat_1" messages={[]} generating={false} />
    </ServiceClientsProvider>
  </QueryClientProvider>
);

it("hydrates without a mismatch when the panel's data arrived before its boundary hydrated (React #418)", async () => {
  // The server rendered with nothing cached …
  const html = renderToString(panel(createQueryClient()));
  const container = document.createElement("div");
  container.innerHTML = html;
  document.body.append(container);
  // … and in the browser another component's request already filled the cache when the panel hydrates.
  const cached = createQueryClient();
  cached.setQueryData(queryKeys.chat("chat_1"), sampleChat({ id: "chat_1" }));
  cached.setQueryData(filesKeys.files("chat_1"), { files: [{ path: "index.html", content: "<p>", locked: false }] });
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, panel(cached), { onRecoverableError: (error) => errors.push(error) });
  });
  expect(errors).toEqual([]);
  // Once hydrated, the panel is there.
  expect(await screen.findByTestId("files-tab")).toBeInTheDocument();
});
