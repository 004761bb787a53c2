import "server-only";
import { getConfig } from "@/lib/server/config";

/** What the sidebar shows of the upstream: never the key. */
export function upstreamLabel(): { label: string; detail: string } {
  const config = getConfig();
  if (config.embedded || !config.serviceBaseUrl) {
    return { label: "Embedded service", detail: "The built-in service with its scripted agent" };
  }
  try {
    const url = new URL(config.serviceBaseUrl);
    return { label: url.host, detail: `${url.origin}${url.pathname}` };
  } catch {
    return { label: "External service", detail: "SERVICE_BASE_URL" };
  }
}
