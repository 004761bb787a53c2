import "server-only";
import type { Quota } from "@/lib/api";
import type { BillingV1, PlanV1, RateLimitsV1, ScopesV1 } from "@/lib/api/schemas/v1";
import { EMBEDDED_AUTHOR_ID } from "../author";
import { notFound } from "../errors";
import { json } from "../http/respond";
import type { Handler, HandlerTablePart } from "../http/context";

/**
 * The v1 document's account operations for the embedded service's one user: a plan without billing (balances 0:
 * nothing is ever charged; usage is still reported by the usage and report operations), one personal scope, and the
 * daily quotas (interface.md Part 8) as rate limits.
 */

const PLAN = "embedded";
/** What a limit that is off reports: no number a client could reach. */
const UNLIMITED = Number.MAX_SAFE_INTEGER;

/** The current billing cycle: the UTC calendar month, as epoch milliseconds. */
function billingCycle(now = new Date()): { start: number; end: number } {
  return {
    start: Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1),
    end: Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1),
  };
}

/** `scope` names the user's one scope or is left out; another scope is unknown (404). */
function checkScope(url: URL): void {
  const scope = url.searchParams.get("scope");
  if (scope && scope !== EMBEDDED_AUTHOR_ID) throw notFound(`Scope ${scope.slice(0, 100)}`, "not_found");
}

/** GET /v1/user/plan */
const planV1: Handler<"v1.user.plan"> = async () => {
  const plan: PlanV1 = {
    object: "plan",
    plan: PLAN,
    billingCycle: billingCycle(),
    balance: { remaining: 0, total: 0 },
  };
  return json(plan);
};

/** GET /v1/user/billing?scope */
const billingV1: Handler<"v1.user.billing"> = async ({ url }) => {
  checkScope(url);
  const billing: BillingV1 = {
    billingType: "token",
    data: {
      plan: PLAN,
      role: "owner",
      billingCycle: billingCycle(),
      balance: { remaining: 0, total: 0 },
      onDemand: { balance: 0 },
    },
  };
  return json(billing);
};

/** GET /v1/user/scopes: the one personal scope (its id is the user's, as the usage operations' scope). */
const scopesV1: Handler<"v1.user.scopes"> = async () => {
  const scopes: ScopesV1 = { object: "list", data: [{ id: EMBEDDED_AUTHOR_ID, object: "scope", name: "Personal" }] };
  return json(scopes);
};

/**
 * GET /v1/rate-limits?scope: the daily API requests quota as `limit`/`remaining`/`reset` and the daily chat messages
 * quota as `dailyLimit`; `reset` is the next UTC midnight in epoch milliseconds. A quota that is off reports
 * Number.MAX_SAFE_INTEGER as its limit and remaining.
 */
const rateLimitsV1: Handler<"v1.rateLimits"> = async ({ url, quotas }) => {
  checkScope(url);
  const report = await quotas.report();
  const view = (name: Quota["name"]) => {
    const quota = report.find((q) => q.name === name)!;
    const limit = quota.limit ?? UNLIMITED;
    return {
      limit,
      remaining: quota.limit === null ? UNLIMITED : Math.max(0, limit - quota.used),
      reset: Date.parse(quota.resetsAt),
    };
  };
  const requests = view("api_requests");
  const answer: RateLimitsV1 = { ...requests, dailyLimit: { ...view("chat_messages"), isWithinGracePeriod: false } };
  return json(answer);
};

/** The routes of lib/api/routes.ts this file answers. */
export const accountV1Handlers = {
  "v1.user.plan": planV1,
  "v1.user.billing": billingV1,
  "v1.user.scopes": scopesV1,
  "v1.rateLimits": rateLimitsV1,
} satisfies HandlerTablePart;
