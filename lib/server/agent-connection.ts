import "server-only";
import { SIGNED_OUT_MESSAGE } from "@/lib/api/signed-out";
import { errorResponse } from "@/lib/api";
import { roleAtLeast, roleRefusal, type Role } from "@/lib/api/schemas/team";
import type { AppConfig } from "./config";
import { isSameOrigin } from "./same-origin";

type AgentConfig = NonNullable<AppConfig["agent"]>;

/** What "Test connection" reports: the API's models, or why it could not list them. Never the key. */
type AgentConnectionReport =
  { ok: true; models: string[]; ms: number; missing: string[] } | { ok: false; message: string; ms: number };

const TIMEOUT_MS = 8_000;

/** The model names the configuration sends (AGENT_MODEL and AGENT_MODELS' values). */
function configuredModels(agent: AgentConfig): string[] {
  return [...new Set([agent.model, ...Object.values(agent.models)].filter((m): m is string => !!m))];
}

/**
 * Lists the models of the agent's OpenAI-compatible API (GET {AGENT_BASE_URL}/models) with the configured key, within
 * 8 s; says which configured model names it does not list. Errors are described without echoing the key.
 */
export async function testAgentConnection(
  agent: AgentConfig,
  fetcher: typeof fetch = fetch,
): Promise<AgentConnectionReport> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  let res: Response;
  try {
    res = await fetcher(`${agent.baseUrl}/models`, {
      headers: agent.apiKey ? { authorization: `Bearer ${agent.apiKey}` } : {},
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: "manual",
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    const reason = timedOut ? `no answer within ${TIMEOUT_MS / 1000} s` : (error as Error)?.message || String(error);
    return {
      ok: false,
      message: `${agent.baseUrl} could not be reached: ${reason}. Is the model server running?`,
      ms: ms(),
    };
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => {});
    const hint = res.status === 401 || res.status === 403 ? " Check AGENT_API_KEY." : "";
    return { ok: false, message: `${agent.baseUrl}/models answered HTTP ${res.status}.${hint}`, ms: ms() };
  }
  const body = (await res.json().catch(() => null)) as { data?: unknown; models?: unknown } | null;
  const list = Array.isArray(body?.data) ? body.data : Array.isArray(body?.models) ? body.models : null;
  if (!list) return { ok: false, message: `${agent.baseUrl}/models did not answer a model list.`, ms: ms() };
  const models = list
    .map((m) =>
      typeof m === "string" ? m : ((m as { id?: unknown; name?: unknown })?.id ?? (m as { name?: unknown })?.name),
    )
    .filter((m): m is string => typeof m === "string")
    .slice(0, 200);
  return { ok: true, models, ms: ms(), missing: configuredModels(agent).filter((m) => !models.includes(m)) };
}

/**
 * POST /api/agent/test: signed in as an admin (it spends the model API's key on the server's behalf, a Settings
 * action like the agent's other settings), same-origin; 404 when the scripted agent runs (nothing to test).
 */
export async function agentTestRoute(
  request: Request,
  deps: { config: AppConfig; role: () => Promise<Role | null>; fetcher?: typeof fetch },
): Promise<Response> {
  const role = await deps.role();
  if (!role) return errorResponse("v2", 401, SIGNED_OUT_MESSAGE);
  if (!roleAtLeast(role, "admin"))
    return errorResponse("v2", 403, roleRefusal("admin", role), { code: "role_required" });
  if (!isSameOrigin(request.headers, deps.config.appUrl))
    return errorResponse("v2", 403, "Cross-origin request refused: use the dashboard itself.");
  if (!deps.config.agent) return errorResponse("v2", 404, "The scripted agent runs: there is no model API to test.");
  return Response.json(await testAgentConnection(deps.config.agent, deps.fetcher), {
    headers: { "cache-control": "no-store" },
  });
}
