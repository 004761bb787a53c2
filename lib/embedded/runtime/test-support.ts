import http from "node:http";
import { ChatWithUsage, Preview } from "@/lib/api";
import { listenForPreviews, type PreviewListener } from "../preview/listener";
import type { PreviewAnswer } from "../preview/pass";
import type { EmbeddedOptions, EmbeddedService } from "../service";
import { call, expectSchema, startService } from "../test-support";

/**
 * Helpers for the app runtime's tests over real HTTP (not a test file): a service with its preview listener on a port
 * of its own, a chat's preview host and token, and a request to it as a browser's preview frame makes one.
 */

/** Where a chat's preview is reached: the listener's port, the chat's preview host and its token. */
export interface PreviewTarget {
  port: number;
  host: string;
  token: string;
}

export interface PreviewAnswerSeen {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A service answering previews on a listener of its own (127.0.0.1, a free port), whose port the app runtime's
 * install proxy never reaches. `options` gets the port (the preview origin names it).
 */
export async function startPreviewService(
  options: (port: number) => Partial<EmbeddedOptions>,
): Promise<{ svc: EmbeddedService; listener: PreviewListener }> {
  let handle: (req: Request) => Promise<PreviewAnswer> = async () => new Response(null, { status: 503 });
  const listener = await listenForPreviews({ port: 0, host: "127.0.0.1", handle: (req) => handle(req) });
  const svc = await startService({ previewOrigin: `http://*.localhost:${listener.port}`, ...options(listener.port) });
  handle = (req) => svc.handlePreview(req);
  return { svc, listener };
}

/** A new chat of these files, and where its preview is reached. */
export async function previewChat(
  svc: EmbeddedService,
  port: number,
  files: Array<{ name: string; content: string }>,
): Promise<PreviewTarget & { chatId: string }> {
  const res = await call(svc, "POST", "/v2/chats/from-files", { body: { files } });
  const chatId = expectSchema(ChatWithUsage, res.body).chat.id;
  const preview = expectSchema(Preview, (await call(svc, "GET", `/v2/chats/${chatId}/preview`)).body)!;
  return { chatId, port, host: new URL(preview.url).host, token: preview.token! };
}

/** A request to a chat's preview, with its token, as its frame makes it. */
export function askPreview(
  to: PreviewTarget,
  at = "/",
  opts: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<PreviewAnswerSeen> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: to.port,
        path: at,
        method: opts.method ?? "GET",
        headers: { host: to.host, "x-v0-preview-token": to.token, ...opts.headers },
      },
      (res) => {
        let body = "";
        res.on("data", (c: Buffer) => (body += c.toString()));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end(opts.body);
  });
}
