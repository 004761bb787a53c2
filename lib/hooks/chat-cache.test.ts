import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { describe, expect, test } from "vitest";
import { sampleChat } from "@/lib/api/testing/fixtures";
import { prependChat, settleChat } from "./chat-cache";
import { queryKeys } from "./query-keys";

/** A value the test hands out when it chooses (a slow answer of the service). */
function later<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe("settleChat", () => {
  test("a first fetch still in flight when the generation ends is fetched again (its answer may predate the end)", async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const answers = [later<string>(), later<string>()];
    let calls = 0;
    const observer = new QueryObserver(queryClient, {
      queryKey: queryKeys.messages("chat_1"),
      queryFn: () => answers[calls++]!.promise,
    });
    const seen: Array<string | undefined> = [];
    const unsubscribe = observer.subscribe((result) => seen.push(result.data));
    expect(calls).toBe(1); // the page mounted: its first fetch is on the way

    settleChat(queryClient, "chat_1"); // the stream ended meanwhile
    answers[0]!.resolve("generating"); // the first answer was read before the end
    await new Promise((r) => setTimeout(r, 0));
    expect(calls).toBe(2);
    answers[1]!.resolve("finished");
    await new Promise((r) => setTimeout(r, 0));
    expect(queryClient.getQueryData(queryKeys.messages("chat_1"))).toBe("finished");
    expect(seen).not.toContain("generating");
    unsubscribe();
  });

  test("a query with data that is not fetching is refetched once", async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let calls = 0;
    const observer = new QueryObserver(queryClient, {
      queryKey: queryKeys.chat("chat_2"),
      queryFn: async () => `v${++calls}`,
    });
    const unsubscribe = observer.subscribe(() => {});
    await new Promise((r) => setTimeout(r, 0));
    expect(queryClient.getQueryData(queryKeys.chat("chat_2"))).toBe("v1");
    settleChat(queryClient, "chat_2");
    await new Promise((r) => setTimeout(r, 10));
    expect(calls).toBe(2);
    expect(queryClient.getQueryData(queryKeys.chat("chat_2"))).toBe("v2");
    unsubscribe();
  });
});

describe("prependChat", () => {
  test("a created chat goes first in the cached list's first page, once; no list cached, nothing is made up", () => {
    const queryClient = new QueryClient();
    prependChat(queryClient, sampleChat({ id: "chat_new" }));
    expect(queryClient.getQueryData(queryKeys.chats())).toBeUndefined();

    const older = sampleChat({ id: "chat_old" });
    const oldest = sampleChat({ id: "chat_oldest" });
    queryClient.setQueryData(queryKeys.chats(), {
      pages: [
        { chats: [older], cursor: "c1" },
        { chats: [oldest], cursor: null },
      ],
      pageParams: [null, "c1"],
    });
    const created = sampleChat({ id: "chat_new" });
    prependChat(queryClient, created);
    prependChat(queryClient, created);
    expect(queryClient.getQueryData(queryKeys.chats())).toEqual({
      pages: [
        { chats: [created, older], cursor: "c1" },
        { chats: [oldest], cursor: null },
      ],
      pageParams: [null, "c1"],
    });
  });
});
