import { describe, expect, it } from "vitest";
import { errorFromResponse } from "./errors";
import { parseRetryAfter, retryAfterText } from "./retry-after";

const NOW = Date.parse("2026-03-10T14:20:30Z");

describe("Retry-After", () => {
  it("reads delay-seconds and an HTTP date; nothing for an absent or unreadable header", () => {
    expect(parseRetryAfter("120", NOW)).toBe(120);
    expect(parseRetryAfter(" 0 ", NOW)).toBe(0);
    expect(parseRetryAfter("Tue, 10 Mar 2026 14:25:30 GMT", NOW)).toBe(300);
    expect(parseRetryAfter("Tue, 10 Mar 2026 14:00:00 GMT", NOW)).toBe(0);
    expect(parseRetryAfter(null, NOW)).toBeUndefined();
    expect(parseRetryAfter("soon", NOW)).toBeUndefined();
  });

  it("says when to try again: minutes or hours, and the UTC clock time", () => {
    expect(retryAfterText(20, NOW)).toBe("Try again in a few seconds (at 14:20 UTC).");
    expect(retryAfterText(60, NOW)).toBe("Try again in 1 minute (at 14:21 UTC).");
    expect(retryAfterText(12 * 60, NOW)).toBe("Try again in 12 minutes (at 14:32 UTC).");
    // A quota's 429 at 14:20:30: the seconds until midnight UTC.
    expect(retryAfterText(9 * 3600 + 39 * 60 + 30, NOW)).toBe("Try again in 9 h 40 min (at 00:00 UTC).");
    expect(retryAfterText(2 * 3600, NOW)).toBe("Try again in 2 h (at 16:20 UTC).");
    expect(retryAfterText(2 * 86_400, NOW)).toBe("Try again in 48 h (at 2026-03-12 14:20 UTC).");
  });

  it("a ServiceError carries retryAfter from the response's header", async () => {
    const res = new Response(JSON.stringify({ message: "Daily quota exceeded" }), {
      status: 429,
      headers: { "content-type": "application/json", "retry-after": "3600" },
    });
    const error = await errorFromResponse(res);
    expect(error).toMatchObject({ status: 429, message: "Daily quota exceeded", retryAfter: 3600 });
    expect((await errorFromResponse(new Response("x", { status: 500 }))).retryAfter).toBeUndefined();
  });
});
