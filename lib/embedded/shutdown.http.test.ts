import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { AsyncChatRef, Message, ServiceError } from "@/lib/api";
import { ErrorV1 } from "@/lib/api/schemas/v1";
import { ErrorV2 } from "@/lib/api/schemas/common";
import { call, expectSchema, serviceClient, serviceClientV1, startService } from "./test-support";

/** Closing the service (SIGTERM with npm start): running answers get a grace period, then end as errors. */
const dir = mkdtempSync(path.join(tmpdir(), "atelier-shutdown-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("close({graceMs})", () => {
  test("answers that finish within the grace period finish; the rest end as errors; new requests get 503", async () => {
    const svc = await startService({ dataDir: dir, agentDelayMs: 5 });
    const start = async (message: string) => {
      const res = await call(svc, "POST", "/v2/chats/async", { body: { message } });
      expect(res.status).toBe(202);
      return expectSchema(AsyncChatRef, res.body);
    };
    const quick = await start("A note /pace 5");
    const long = await start("A long answer /pace 400");

    const closing = svc.close({ graceMs: 600 });
    expect((await call(svc, "GET", "/v2/chats")).status).toBe(503);
    const started = Date.now();
    await closing;
    expect(Date.now() - started).toBeLessThan(5_000);

    // Read back from the same data directory, as the next start would.
    const next = await startService({ dataDir: dir });
    try {
      const read = async (ref: AsyncChatRef) =>
        expectSchema(Message, (await call(next, "GET", `/v2/chats/${ref.chatId}/messages/${ref.messageId}`)).body);
      expect((await read(quick)).finishReason).toBe("stop");
      const cut = await read(long);
      expect(cut.finishReason).toBe("error");
      expect(cut.parts!.length).toBeGreaterThan(0);
      expect(cut.parts!.every((p) => p.finishedAt)).toBe(true);
      // The chat takes the next message.
      const again = await call(next, "POST", `/v2/chats/${long.chatId}/messages`, { body: { message: "Again /fast" } });
      expect(again.status).toBe(200);
    } finally {
      await next.close();
    }
  });
});

describe("the shutdown's 503", () => {
  test("carries the code service_shutting_down in both shapes: v1 in its body, v2 ({message} only) in x-error-code", async () => {
    const svc = await startService();
    const closing = svc.close();
    try {
      const v2 = await call(svc, "GET", "/v2/chats");
      expect(v2.status).toBe(503);
      expect(expectSchema(ErrorV2, v2.body)).toEqual({ message: "The embedded service is shutting down." });
      expect(v2.headers.get("x-error-code")).toBe("service_shutting_down");

      const v1 = await call(svc, "GET", "/v1/chats");
      expect(v1.status).toBe(503);
      expect(expectSchema(ErrorV1, v1.body).error).toEqual({
        code: "service_shutting_down",
        type: "api_error",
        message: "The embedded service is shutting down.",
        userMessage: "The embedded service is shutting down.",
      });
      expect(v1.headers.get("x-error-code")).toBe("service_shutting_down");

      // The typed clients hand the code on, whichever shape carried it.
      for (const list of [() => serviceClient(svc).listChats(), () => serviceClientV1(svc).listChats()]) {
        const error = await list().then(
          () => null,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(ServiceError);
        expect(error).toMatchObject({ status: 503, code: "service_shutting_down" });
      }
    } finally {
      await closing;
    }
  });
});
