import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ErrorV2 } from "@/lib/api";
import { ErrorV1 } from "@/lib/api/schemas/v1";
import type { EmbeddedService } from "../service";
import { BASE, TEST_KEY, call, expectSchema, startService } from "../test-support";

/**
 * Request bodies are read with a limit that stops the reading: a body larger than the limit, sent as a stream, is
 * answered 413 after about the limit's worth of chunks, the rest never pulled and the stream cancelled. The API's
 * routes (8 MB, the spec's error shape; 42 MB for the create and send bodies that carry attachments) and the OAuth
 * endpoints (64 KB, an OAuth error).
 */
let svc: EmbeddedService;

beforeAll(async () => {
  svc = await startService();
});
afterAll(async () => {
  await svc.close();
});

/** A body of `chunks` chunks of `chunkBytes` that counts what was pulled from it and whether it was cancelled. */
function countingBody(chunks: number, chunkBytes: number, first = "") {
  const seen = { pulls: 0, cancelled: false };
  const filler = new TextEncoder().encode("a".repeat(chunkBytes));
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        seen.pulls += 1;
        if (seen.pulls > chunks) return controller.close();
        controller.enqueue(seen.pulls === 1 && first ? new TextEncoder().encode(first) : filler);
      },
      cancel() {
        seen.cancelled = true;
      },
    },
    // Nothing is pulled ahead of the reader: every pull is one read.
    { highWaterMark: 0 },
  );
  return { stream, seen };
}

function post(path: string, body: ReadableStream<Uint8Array>, headers: Record<string, string>): Promise<Response> {
  return svc.handle(new Request(`${BASE}${path}`, { method: "POST", headers, body, duplex: "half" } as RequestInit));
}

const KB = 1024;

describe("OAuth endpoints: 64 KB", () => {
  test("a 1 MB token request streamed in 16 KB chunks: 413 invalid_request after 5 chunks, the stream cancelled", async () => {
    const { stream, seen } = countingBody(64, 16 * KB, "grant_type=authorization_code&code=");
    const res = await post("/oauth/token", stream, { "content-type": "application/x-www-form-urlencoded" });
    expect(res.status).toBe(413);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ error: "invalid_request", error_description: "The body is larger than 64 KB." });
    // 4 chunks are exactly 64 KB; the 5th goes past it and is the last one read.
    expect(seen.pulls).toBe(5);
    expect(seen.cancelled).toBe(true);
  });

  test("a JSON registration streamed past the limit: 413 invalid_request, read no further", async () => {
    const { stream, seen } = countingBody(
      1000,
      8 * KB,
      '{"client_name":"big","redirect_uris":["http://127.0.0.1/cb"],"x":"',
    );
    const res = await post("/oauth/register", stream, { "content-type": "application/json" });
    expect(res.status).toBe(413);
    expect((await res.json()).error).toBe("invalid_request");
    expect(seen.pulls).toBe(9);
    expect(seen.cancelled).toBe(true);
  });

  test("a declared Content-Length over the limit is refused before anything is read", async () => {
    const { stream, seen } = countingBody(64, 16 * KB);
    const res = await post("/oauth/revoke", stream, {
      "content-type": "application/x-www-form-urlencoded",
      "content-length": String(1024 * KB),
    });
    expect(res.status).toBe(413);
    expect(seen.pulls).toBe(0);
  });

  test("a body just under the limit is read whole and answered for what it says", async () => {
    const { stream, seen } = countingBody(3, 16 * KB, "grant_type=password&x=");
    const res = await post("/oauth/token", stream, { "content-type": "application/x-www-form-urlencoded" });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe("unsupported_grant_type");
    expect(seen.pulls).toBe(4);
  });
});

describe("API routes: 8 MB, the version's error shape, nothing changes", () => {
  const auth = { authorization: `Bearer ${TEST_KEY}`, "content-type": "application/json" };

  test("v2: a 32 MB chat creation from files streamed in 64 KB chunks stops after 129 chunks; 413 {message}", async () => {
    const before = await call(svc, "GET", "/v2/chats");
    const { stream, seen } = countingBody(512, 64 * KB, '{"files":[{"name":"a.txt","content":"');
    const res = await post("/v2/chats/from-files", stream, auth);
    expect(res.status).toBe(413);
    expect(expectSchema(ErrorV2, await res.json()).message).toBe("Request body too large.");
    expect(seen.pulls).toBe(129);
    expect(seen.cancelled).toBe(true);
    expect(await call(svc, "GET", "/v2/chats")).toMatchObject({ status: 200, body: before.body });
  });

  test("v1: the same in v1's error shape", async () => {
    const { stream, seen } = countingBody(512, 64 * KB, '{"name":"');
    const res = await post("/v1/projects", stream, auth);
    expect(res.status).toBe(413);
    expect(expectSchema(ErrorV1, await res.json()).error.message).toBe("Request body too large.");
    expect(seen.pulls).toBe(129);
  });

  test("a create or send (bodies that carry attachments) may have 42 MB: a 64 MB one stops after 673 chunks", async () => {
    const { stream, seen } = countingBody(1024, 64 * KB, '{"message":"');
    const res = await post("/v2/chats", stream, auth);
    expect(res.status).toBe(413);
    expect(seen.pulls).toBe(673);
    expect(seen.cancelled).toBe(true);
  });
});
