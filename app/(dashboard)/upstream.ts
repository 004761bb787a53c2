import "server-only";
import { getConfig, type AppConfig } from "@/lib/server/config";

/** What the sidebar shows of the upstream: never the key. */
export function upstreamLabel(config: AppConfig = getConfig()): { label: string; detail: string } {
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
