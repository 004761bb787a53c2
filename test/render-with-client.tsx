// Test support for component tests (not a test file; imported by *.test.tsx only): a render with a given service
// client, and an answer written out by hand. With the real embedded service as the network: test/render-with-service.tsx.
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import type { ServiceClient } from "@/lib/api/client";
import { createQueryClient } from "@/lib/hooks/query-client";
import { ServiceClientsProvider } from "@/lib/hooks/service-clients";

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** Renders `ui` with `client` as the v2 service client and a query client that does not retry. */
export function renderWithClient(ui: ReactElement, client: ServiceClient, setup?: (queryClient: QueryClient) => void) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  setup?.(queryClient);
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ServiceClientsProvider v2={client}>{ui}</ServiceClientsProvider>
    </QueryClientProvider>,
  );
  return { queryClient, ...view };
}
