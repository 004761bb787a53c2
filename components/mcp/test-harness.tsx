// Test support for component tests (not a test file; imported by *.test.tsx only). Against the real embedded
// service: test/mcp-component-support.tsx; `renderWithNetwork` serves the tests whose answers are written out by hand.
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { createServiceClient, type ServiceClient } from "@/lib/api/client";
import { createQueryClient } from "@/lib/hooks/query-client";
import { ServiceClientsProvider } from "@/lib/hooks/service-clients";

export interface SeenRequest {
  method: string;
  url: URL;
  body: unknown;
}

type Route = (req: SeenRequest) => Response | Promise<Response>;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** Renders `ui` with a service client whose network is `route` (the proxy as the browser sees it). */
export function renderWithNetwork(ui: ReactElement, route: Route, setup?: (queryClient: QueryClient) => void) {
  const requests: SeenRequest[] = [];
  const client = createServiceClient({
    baseUrl: "http://dash.test/api/service",
    fetch: async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const text = typeof init?.body === "string" ? init.body : undefined;
      const seen = {
        method: (init?.method ?? "GET").toUpperCase(),
        url,
        body: text ? (JSON.parse(text) as unknown) : undefined,
      };
      requests.push(seen);
      return route(seen);
    },
  });
  return { requests, ...renderWithClient(ui, client, setup) };
}

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
