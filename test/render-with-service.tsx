// Renders a component against the real embedded service in-process (not a test file; imported by *.test.tsx only).
// It lives in test/ because it crosses the rooms, as only tests may.
import type { QueryClient } from "@tanstack/react-query";
import type { ReactElement } from "react";
import { createServiceClient } from "@/lib/api/client";
import type { EmbeddedService } from "@/lib/embedded/service";
import { BASE, TEST_KEY } from "@/lib/embedded/test-support";
import { renderWithClient } from "@/test/render-with-client";

/** The service's path prefix: what the recorded requests' paths start with. */
export const SVC_PATH = new URL(BASE).pathname;

/** A request the rendered component sent, its JSON body parsed. */
interface SeenRequest {
  method: string;
  url: URL;
  body: unknown;
}

interface RenderOptions {
  /** The bearer key the client sends (default: the service's). */
  apiKey?: string;
  setup?: (queryClient: QueryClient) => void;
  /**
   * Changes the service's answer before the client reads it: a service of another make (the dashboard may be pointed
   * at any deployment) answering what the embedded service never would.
   */
  answer?: (request: Request, response: Response) => Response | Promise<Response>;
}

/** Renders `ui` with a v2 client whose network is `svc.handle`; `requests`: what it sent. */
export function renderWithService(svc: EmbeddedService, ui: ReactElement, opts: RenderOptions = {}) {
  const requests: SeenRequest[] = [];
  const client = createServiceClient({
    baseUrl: BASE,
    apiKey: opts.apiKey ?? TEST_KEY,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const text = await request.clone().text();
      requests.push({ method: request.method, url: new URL(request.url), body: text ? JSON.parse(text) : undefined });
      const response = await svc.handle(request);
      return opts.answer ? opts.answer(request, response) : response;
    },
  });
  return { requests, ...renderWithClient(ui, client, opts.setup) };
}
