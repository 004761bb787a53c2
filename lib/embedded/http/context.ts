import "server-only";
import type { AnyRoute, ChatNeed, RouteBody, RouteName, RouteParams } from "@/lib/api";
import type { ServiceEvents } from "../events";
import type { Agent } from "../generation/agent";
import type { AppBuilds } from "../hosting/app-build";
import type { Spend } from "../spend/spend";
import type { LiveHub } from "../live/hub";
import type { McpConnections } from "../mcp/connections";
import type { PeopleContext } from "../people/context";
import type { Caller } from "../people/types";
import type { SecretBox } from "../mcp/secret-box";
import type { ShareLinks } from "../shares/links";
import type { AppRuntime } from "../runtime/apps";
import type { Previews } from "../preview/previews";
import type { QuotaMeter } from "../quotas/meter";
import type { Db } from "../store";
import type { Turns } from "../generation/turns";
import type { Webhooks } from "../webhooks";

/** The service's parts every handler can use. */
export interface ServiceParts {
  db: Db;
  turns: Turns;
  previews: Previews;
  /** The service's own {base_url} without a trailing slash (v1 apiUrl and webUrl fields). */
  publicBaseUrl: string;
  /** Records the webhook events of interface.md 6.1 (chat.*, message.*): pass the change's transaction. */
  events: ServiceEvents;
  /** Notifications between instances: follow a generation another instance runs, ask it to stop. */
  live: LiveHub;
  webhooks: Webhooks;
  /** MCP server connections: OAuth flow, encrypted secrets, tokens. */
  mcp: McpConnections;
  /** The daily quotas (interface.md Part 8): the router draws them; GET /v2/quotas reports them. */
  quotas: QuotaMeter;
  /** How long a deployment stays pending before its build settles (lib/embedded/hosting/build.ts). */
  deploymentBuildMs: number;
  /** Builds of runnable apps' deployments in the sandbox (the app runtime on); null: every deployment is its files. */
  appBuilds: AppBuilds | null;
  /** Encryption at rest with the service's secret key (MCP secrets, a project's environment variables). */
  secrets: SecretBox;
  /** Who answers (the scripted agent, the model-backed one, or a test's): its context figures and summaries. */
  agent: Agent;
  /** The ledger of model calls and the credit budgets. */
  spend: Spend;
  /** People, their keys, invitations and the audit log (lib/embedded/people). */
  people: PeopleContext;
  /** Share links of unlisted and public chats (lib/embedded/shares). */
  shares: ShareLinks;
  /** The chats' running apps (APP_RUNTIME=on, docs/app-runtime.md); null when the runtime is off. */
  apps: AppRuntime | null;
  /** What an app chat's Preview tab says when `apps` is null (why this service serves it as files). */
  appsOff: string;
}

/** Browser redirect targets (`proxied: false`): reached without a key, so without a caller (their state is the credential). */
type CallerlessRoute = Extract<AnyRoute, { proxied: false }>["name"];

/**
 * What the handler of route N gets: the service's parts and the request, its path parameters by name and its body
 * parsed with the route's schema (lib/api/routes.ts). For a handler of several routes (`Handler<"a" | "b">`) it is
 * a union told apart by `route`, so narrowing `route` narrows `body`.
 */
export type HandlerContext<N extends RouteName> = N extends RouteName
  ? ServiceParts & {
      route: N;
      req: Request;
      url: URL;
      params: RouteParams<N>;
      /** The body validated with the route's schema (undefined for routes without one). */
      body: RouteBody<N>;
      /** Who makes the request (the router resolved it and checked the route's minimum role). */
      caller: N extends CallerlessRoute ? null : Caller;
      /**
       * The caller's access to the chat the route names, checked by the router (http/chat-gate.ts): read or write;
       * null for a route that names none. A chat's `writePermission` is `access === "write"`.
       */
      access: ChatNeed | null;
    }
  : never;

export type Handler<N extends RouteName> = (ctx: HandlerContext<N>) => Promise<Response>;

/** One handler per route of the table: a missing or misspelt one fails the type check. */
export type HandlerTable = { [N in RouteName]: Handler<N> };

/** The routes one handler file answers (spread into HANDLERS). */
export type HandlerTablePart = { [N in RouteName]?: Handler<N> };
