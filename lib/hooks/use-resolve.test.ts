import { QueryClient } from "@tanstack/react-query";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createServiceClient, type ServiceClient } from "@/lib/api/client";
import { ServiceError } from "@/lib/api/errors";
import { approvePermissionsBody, confirmStepsBody, pendingTaskOf, type PendingTask } from "@/lib/api/pending";
import type { Message } from "@/lib/api/schemas";
import type { EmbeddedService } from "@/lib/embedded/service";
import { BASE, TEST_KEY, startService, waitFor } from "@/lib/embedded/test-support";
import { mergeTimeline } from "./merge-timeline";
import { StreamRegistry } from "./stream-registry";
import { ResolveGuard, sendResolve } from "./use-resolve";

/** The dashboard's resolve path against the real embedded service (the client's fetch is its handler). */
let svc: EmbeddedService;
let client: ServiceClient;
const resolveRequests: string[] = [];
beforeAll(async () => {
  svc = await startService();
  client = createServiceClient({
    baseUrl: BASE,
    apiKey: TEST_KEY,
    fetch: (input, init) => {
      const request = new Request(input, init);
      if (request.url.includes("/resolve")) resolveRequests.push(request.url);
      return svc.handle(request);
    },
  });
});
afterAll(() => svc.close());

async function messages(chatId: string): Promise<Message[]> {
  return (await client.listMessages(chatId, { limit: 100 })).messages.reverse();
}

async function blockedChat(prompt: string): Promise<{ chatId: string; task: PendingTask }> {
  const { chat } = await client.createChat({ message: prompt });
  const task = pendingTaskOf(await messages(chat.id));
  if (!task) expect.fail("the chat does not wait");
  return { chatId: chat.id, task };
}

const deps = () => ({
  client,
  queryClient: new QueryClient(),
  registry: new StreamRegistry(),
  guard: new ResolveGuard(),
});

describe("sendResolve", () => {
  test("stream: a double click sends one resolve; the answer streams into the timeline without a user message", async () => {
    const { chatId, task } = await blockedChat("A store /integration Stripe,Neon");
    if (task.kind !== "integrations") expect.fail();
    const d = deps();
    resolveRequests.length = 0;
    const input = { task, body: confirmStepsBody(task, ["Stripe"]), mode: "stream" as const };
    const results = await Promise.all([sendResolve(d, chatId, input), sendResolve(d, chatId, input)]);
    expect(results).toEqual(["sent", "duplicate"]);
    expect(resolveRequests).toHaveLength(1);
    expect(resolveRequests[0]).toMatch(/\/messages\/resolve\/stream$/);
    // Once answered it stays answered for this tab.
    expect(await sendResolve(d, chatId, input)).toBe("duplicate");
    const entry = await waitFor(async () => {
      const e = d.registry.get(chatId);
      return e?.status === "done" ? e : undefined;
    });
    expect(entry.prompt).toBe("");
    const persisted = await messages(chatId);
    const timeline = mergeTimeline(chatId, persisted.slice(0, -1), entry);
    expect(timeline.entries.map((e) => e.message.role)).toEqual(["user", "assistant", "assistant"]);
    expect(timeline.entries.at(-1)!.message.id).toBe(persisted.at(-1)!.id);
    expect(persisted.at(-1)!.content).toMatch(/Stripe is connected/);
    expect(pendingTaskOf(persisted)).toBeNull();
  });

  test("sync and async modes answer too (permissions passed back unchanged)", async () => {
    for (const mode of ["sync", "async"] as const) {
      const { chatId, task } = await blockedChat("A shop /script scripts/seed.ts");
      if (task.kind !== "permissions") expect.fail();
      const d = deps();
      expect(await sendResolve(d, chatId, { task, body: approvePermissionsBody(task), mode })).toBe("sent");
      const last = await waitFor(async () => {
        const m = (await messages(chatId)).at(-1)!;
        return m.finishReason ? m : undefined;
      });
      expect(last.parts?.some((p) => p.type === "bash" && p.isDangerous === true)).toBe(true);
      if (mode === "sync") expect(d.registry.get(chatId)?.status).toBe("done");
    }
  });

  test("a stale resolve (another tab answered first) is a 409: nothing stays in the timeline", async () => {
    const { chatId, task } = await blockedChat("A store /integration Stripe");
    if (task.kind !== "integrations") expect.fail();
    const input = { task, body: confirmStepsBody(task, ["Stripe"]), mode: "stream" as const };
    expect(await sendResolve(deps(), chatId, input)).toBe("sent"); // tab 1
    await waitFor(async () => ((await messages(chatId)).at(-1)!.finishReason ? true : undefined));
    const tab2 = deps();
    const error = await sendResolve(tab2, chatId, input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).status).toBe(409);
    expect(tab2.registry.get(chatId)).toBeUndefined();
    expect(tab2.guard.has(`${chatId}/${task.messageId}`)).toBe(false);
  });

  test("a failure other than 409 releases the request so the user can try again", async () => {
    const { chatId, task } = await blockedChat("A store /integration Stripe");
    if (task.kind !== "integrations") expect.fail();
    const down = createServiceClient({
      baseUrl: BASE,
      apiKey: TEST_KEY,
      fetch: () => Promise.reject(new TypeError("offline")),
    });
    const d = { ...deps(), client: down };
    const input = { task, body: confirmStepsBody(task, ["Stripe"]), mode: "sync" as const };
    await expect(sendResolve(d, chatId, input)).rejects.toMatchObject({ status: 0 });
    expect(d.registry.get(chatId)).toBeUndefined();
    expect(await sendResolve({ ...d, client }, chatId, input)).toBe("sent");
  });
});
