import "server-only";
import { SIGNED_OUT_MESSAGE } from "@/lib/api/signed-out";
import {
  AttachInboxSecretBody,
  CreateInboxBody,
  describeZodError,
  type InboxDeliveryList,
  type InboxList,
} from "@/lib/api";
import type { z } from "zod";
import { roleAtLeast, roleRefusal, type Role } from "@/lib/api/schemas/team";
import { isSameOrigin } from "../same-origin";
import { toInboxDelivery, type InboxStore } from "./store";

/**
 * The session-protected JSON routes of the inbox page (app/api/inbox-admin/…). A signed-in admin is required (401
 * without a live session, 403 for another role: the inbox receives webhooks, which are admins' business); mutations
 * must come from the dashboard's own origin (403). Errors are `{message}`.
 */
export interface AdminDeps {
  store: InboxStore;
  appUrl: string;
  /** The signed-in person's stored role, checked at this request; null without a live session. */
  role: () => Promise<Role | null>;
}

const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { "cache-control": "no-store" } });
const fail = (status: number, message: string) => json({ message }, status);

async function guard(request: Request, deps: AdminDeps): Promise<Response | null> {
  const role = await deps.role();
  if (!role) return fail(401, SIGNED_OUT_MESSAGE);
  if (!roleAtLeast(role, "admin")) return fail(403, roleRefusal("admin", role));
  const method = request.method.toUpperCase();
  if (method !== "GET" && method !== "HEAD" && !isSameOrigin(request.headers, deps.appUrl)) {
    return fail(403, "Cross-origin request refused: use the dashboard itself.");
  }
  return null;
}

async function readJson<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S> | Response> {
  const text = await request.text();
  if (text.length > 64 * 1024) return fail(413, "Request body too large.");
  let parsed: unknown;
  try {
    parsed = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    return fail(400, "Malformed JSON in request body.");
  }
  const result = schema.safeParse(parsed);
  return result.success ? result.data : fail(422, describeZodError(result.error));
}

/** GET /api/inbox-admin → {inboxes} newest first. */
export async function listInboxesRoute(request: Request, deps: AdminDeps): Promise<Response> {
  const denied = await guard(request, deps);
  if (denied) return denied;
  const body: InboxList = { inboxes: (await deps.store.list()).map((row) => deps.store.toInbox(row)) };
  return json(body);
}

/** POST /api/inbox-admin {name} → 201 Inbox (with its receiver `url`). */
export async function createInboxRoute(request: Request, deps: AdminDeps): Promise<Response> {
  const denied = await guard(request, deps);
  if (denied) return denied;
  const input = await readJson(request, CreateInboxBody);
  if (input instanceof Response) return input;
  return json(deps.store.toInbox(await deps.store.create(input.name)), 201);
}

/** GET /api/inbox-admin/{inboxId} → Inbox. */
export async function getInboxRoute(request: Request, inboxId: string, deps: AdminDeps): Promise<Response> {
  const denied = await guard(request, deps);
  if (denied) return denied;
  const row = await deps.store.find(inboxId);
  return row ? json(deps.store.toInbox(row)) : fail(404, `Inbox ${inboxId} not found.`);
}

/** DELETE /api/inbox-admin/{inboxId} → {id, deleted: true} (its deliveries go with it). */
export async function deleteInboxRoute(request: Request, inboxId: string, deps: AdminDeps): Promise<Response> {
  const denied = await guard(request, deps);
  if (denied) return denied;
  return (await deps.store.remove(inboxId))
    ? json({ id: inboxId, deleted: true })
    : fail(404, `Inbox ${inboxId} not found.`);
}

/** POST /api/inbox-admin/{inboxId}/secret {secret, webhookId?} or {unsigned: true, webhookId?} → Inbox. */
export async function attachSecretRoute(request: Request, inboxId: string, deps: AdminDeps): Promise<Response> {
  const denied = await guard(request, deps);
  if (denied) return denied;
  const input = await readJson(request, AttachInboxSecretBody);
  if (input instanceof Response) return input;
  const row = await deps.store.setSecret(inboxId, "secret" in input ? input.secret : null, input.webhookId);
  return row ? json(deps.store.toInbox(row)) : fail(404, `Inbox ${inboxId} not found.`);
}

/** GET /api/inbox-admin/{inboxId}/deliveries?after=<seq>&limit=1..200 → {deliveries} newest first. */
export async function listDeliveriesRoute(request: Request, inboxId: string, deps: AdminDeps): Promise<Response> {
  const denied = await guard(request, deps);
  if (denied) return denied;
  if (!(await deps.store.find(inboxId))) return fail(404, `Inbox ${inboxId} not found.`);
  const params = new URL(request.url).searchParams;
  const after = params.get("after");
  const limit = params.get("limit");
  const afterSeq = after === null || after === "" ? undefined : Number(after);
  const limitN = limit === null || limit === "" ? 100 : Number(limit);
  if (afterSeq !== undefined && !(Number.isInteger(afterSeq) && afterSeq >= 0))
    return fail(422, "after: must be a delivery seq");
  if (!(Number.isInteger(limitN) && limitN >= 1 && limitN <= 200))
    return fail(422, "limit: must be an integer from 1 to 200");
  const rows = await deps.store.deliveries(inboxId, { after: afterSeq, limit: limitN });
  const body: InboxDeliveryList = { deliveries: rows.map(toInboxDelivery) };
  return json(body);
}

/** How often an idle event stream sends a comment, so proxies keep it open. */
const HEARTBEAT_MS = 25_000;

/**
 * GET /api/inbox-admin/{inboxId}/events → text/event-stream: `ready` once watching, then `delivery` with `{seq}`
 * for each delivery stored (by this process; on PostgreSQL by any process on the database, via LISTEN/NOTIFY),
 * and the page then asks for the deliveries after the newest it holds.
 * The page still polls slowly, for announcements missed while a listener reconnects.
 */
export async function deliveryEventsRoute(
  request: Request,
  inboxId: string,
  deps: AdminDeps,
  heartbeatMs = HEARTBEAT_MS,
): Promise<Response> {
  const denied = await guard(request, deps);
  if (denied) return denied;
  if (!(await deps.store.find(inboxId))) return fail(404, `Inbox ${inboxId} not found.`);
  const encoder = new TextEncoder();
  let stop = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop();
        }
      };
      const unwatch = deps.store.watch(inboxId, (seq) => send(`event: delivery\ndata: ${JSON.stringify({ seq })}\n\n`));
      const heartbeat = setInterval(() => send(": keep-alive\n\n"), heartbeatMs);
      stop = () => {
        unwatch();
        clearInterval(heartbeat);
      };
      request.signal.addEventListener("abort", () => {
        stop();
        try {
          controller.close();
        } catch {
          // already closed
        }
      });
      send("retry: 3000\nevent: ready\ndata: {}\n\n");
    },
    cancel: () => stop(),
  });
  return new Response(body, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store",
      "x-accel-buffering": "no",
    },
  });
}
