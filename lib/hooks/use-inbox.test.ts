import { describe, expect, test } from "vitest";
import type { InboxDelivery } from "@/lib/api/inbox";
import { inboxIdOfUrl } from "@/components/webhooks/inbox-link";
import { mergeNewest } from "./use-inbox";

const d = (seq: number): InboxDelivery => ({
  seq,
  inboxId: "inbox_1",
  deliveryId: `dlv_${seq}`,
  type: "chat.created",
  chatId: "chat_1",
  payload: {},
  verified: true,
  receivedAt: "2025-01-01T00:00:00.000Z",
});

describe("inbox polling", () => {
  test("new deliveries go in front, newest first, never twice", () => {
    const held = [d(3), d(2), d(1)];
    expect(mergeNewest([], held)).toBe(held);
    expect(mergeNewest([d(5), d(4)], held).map((x) => x.seq)).toEqual([5, 4, 3, 2, 1]);
    expect(mergeNewest([d(4), d(3)], held).map((x) => x.seq)).toEqual([4, 3, 2, 1]);
    expect(mergeNewest([d(2)], [d(3), d(1)]).map((x) => x.seq)).toEqual([3, 2, 1]);
  });

  test("at most 500 are kept", () => {
    const held = Array.from({ length: 500 }, (_, i) => d(500 - i));
    const merged = mergeNewest([d(501)], held);
    expect(merged).toHaveLength(500);
    expect(merged[0]!.seq).toBe(501);
    expect(merged.at(-1)!.seq).toBe(2);
  });

  test("a webhook URL that is this dashboard's receiver names its inbox", () => {
    expect(inboxIdOfUrl("http://localhost:3000/api/inbox/inbox_abc")).toBe("inbox_abc");
    expect(inboxIdOfUrl("https://dash.example/api/inbox/inbox_abc/")).toBe("inbox_abc");
    expect(inboxIdOfUrl("https://example.com/hook")).toBeNull();
    expect(inboxIdOfUrl("https://example.com/api/inbox/a/b")).toBeNull();
    expect(inboxIdOfUrl("not a url")).toBeNull();
  });
});
