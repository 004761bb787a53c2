import "server-only";
import type { QuotaList } from "@/lib/api";
import { json } from "../http/respond";
import type { Handler, HandlerTablePart } from "../http/context";

/** GET /v2/quotas (our extension, wire-decisions.md 12): the daily quotas, today's use and when they reset. */
const listQuotas: Handler<"v2.quotas"> = async ({ quotas }) => {
  const body: QuotaList = { quotas: await quotas.report() };
  return json(body);
};

/** The routes of lib/api/routes.ts this file answers. */
export const quotaHandlers = {
  "v2.quotas": listQuotas,
} satisfies HandlerTablePart;
