import { describe, expect, test } from "vitest";
import { Webhook } from "standardwebhooks";
import { newWebhookSecret, signedHeaders } from "./secret";

describe("signing (Standard Webhooks)", () => {
  const body = JSON.stringify({
    type: "chat.created",
    timestamp: "2025-01-01T00:00:00.000Z",
    data: { chatId: "chat_1" },
  });

  test("a new secret is whsec_ + base64 of 32 bytes, different each time", () => {
    const a = newWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(a.slice("whsec_".length), "base64")).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(a);
  });

  test("signed headers verify with the same secret; tampering, another secret or a stale timestamp do not", () => {
    const secret = newWebhookSecret();
    const headers = signedHeaders([secret], "dlv_1", new Date(), body);
    expect(headers["webhook-id"]).toBe("dlv_1");
    expect(headers["webhook-timestamp"]).toMatch(/^\d+$/);
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));

    expect(() => new Webhook(secret).verify(body.replace("chat_1", "chat_2"), headers)).toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(secret).verify(body, { ...headers, "webhook-id": "dlv_2" })).toThrow();
    const stale = signedHeaders([secret], "dlv_1", new Date(Date.now() - 6 * 60_000), body);
    expect(() => new Webhook(secret).verify(body, stale)).toThrow(/too old/);
    const future = signedHeaders([secret], "dlv_1", new Date(Date.now() + 6 * 60_000), body);
    expect(() => new Webhook(secret).verify(body, future)).toThrow(/too new/);
  });

  test("the signature is HMAC-SHA256 over id.timestamp.body, base64", async () => {
    const { createHmac } = await import("node:crypto");
    const secret = newWebhookSecret();
    const at = new Date(1_700_000_000_000);
    const expected = createHmac("sha256", Buffer.from(secret.slice(6), "base64"))
      .update(`dlv_x.1700000000.${body}`)
      .digest("base64");
    expect(signedHeaders([secret], "dlv_x", at, body)["webhook-signature"]).toBe(`v1,${expected}`);
  });
});
