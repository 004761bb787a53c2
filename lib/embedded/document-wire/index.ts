import "server-only";
import type { RouteName } from "@/lib/api";
import type { Db } from "../store";
import { toDocumentShapes } from "./shapes";
import { toDocumentChatStream, toDocumentMessageStream } from "./stream";

/**
 * Document mode (`EMBEDDED_WIRE=document`): the embedded service's v2 answers as the real service's document has them
 * where it and the spec differ (docs/interoperability.md lists each). Applied to a successful answer after its handler
 * ran; errors, v1 and the extensions pass unchanged. The spec's wire stays the default.
 */
export type Wire = "spec" | "document";

/**
 * Message streams: the document opens and closes them with `message` snapshots (stream.ts). Its resume of a chat
 * streams chat events, as creation does.
 */
const MESSAGE_STREAMS = new Set<RouteName>(["v2.messages.send.stream", "v2.messages.resolve.stream"]);
/** The document answers these creations 200, where the spec says 201 Created. */
const CREATED_AS_OK = new Set<RouteName>(["v2.hooks.create", "v2.mcp.create"]);
/** The document's async message answer is `{messageId}` alone. */
const ASYNC_MESSAGE = new Set<RouteName>(["v2.messages.send.async", "v2.messages.resolve.async"]);

export async function toDocumentWire(
  route: RouteName,
  res: Response,
  ctx: { db: Db; params: Record<string, string> },
): Promise<Response> {
  if (!route.startsWith("v2.") || res.status >= 400 || !res.body) return res;
  const type = res.headers.get("content-type") ?? "";
  const headers = new Headers(res.headers);
  headers.delete("content-length");
  if (type.startsWith("text/event-stream")) {
    const body = MESSAGE_STREAMS.has(route)
      ? toDocumentMessageStream(ctx.db, ctx.params.chatId!, res.body)
      : toDocumentChatStream(res.body);
    return new Response(body, { status: res.status, headers });
  }
  if (!type.startsWith("application/json")) return res;
  let body = toDocumentShapes(await res.json()) as Record<string, unknown>;
  if (route === "v2.hooks.list") body = (body.items ?? []) as never;
  if (ASYNC_MESSAGE.has(route)) body = { messageId: body.messageId };
  // The document's hosting-project link (`/vercel-project`) answers 201 Created.
  const status =
    CREATED_AS_OK.has(route) && res.status === 201 ? 200 : route === "v2.chats.vercelProject" ? 201 : res.status;
  return new Response(JSON.stringify(body), { status, headers });
}
