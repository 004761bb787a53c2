import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ServiceError, type ServiceClientV1, type ReadStreamEvent } from "@/lib/api";
import { BlockedTaskV1 } from "@/lib/api/schemas/v1";
import type { EmbeddedService } from "../service";
import { startService, waitFor, serviceClient, serviceClientV1 } from "../test-support";

/** The lib/api v1 client against the real embedded service (its fetch is the service's handler). */
let svc: EmbeddedService;
let client: ServiceClientV1;
beforeAll(async () => {
  svc = await startService();
  client = serviceClientV1(svc);
});
afterAll(() => svc.close());

async function collect(events: AsyncIterable<ReadStreamEvent>): Promise<ReadStreamEvent[]> {
  const out: ReadStreamEvent[] = [];
  for await (const e of events) out.push(e);
  return out;
}

describe("createServiceClientV1 against the embedded service", () => {
  test("createChat (sync and async), getChat, listChats, getUser", async () => {
    const chat = await client.createChat({ message: "A weather dashboard" });
    expect(chat.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(chat.latestVersion?.status).toBe("completed");
    const pending = await client.createChat({ message: "A map /slow", responseMode: "async" });
    expect(pending.messages.at(-1)).not.toHaveProperty("finishReason");
    const list = await client.listChats({ limit: 1 });
    expect(list.data).toHaveLength(1);
    expect((await client.listChats({ limit: 1, cursor: list.cursor })).data[0]!.id).toBe(chat.id);
    expect(await client.getChat(chat.id)).toEqual(await client.getChat(chat.id));
    expect((await client.getUser()).object).toBe("user");
    await waitFor(async () => ((await client.getChat(pending.id)).messages.at(-1)!.finishReason ? true : undefined));
  });

  test("createChatStream and sendMessageStream yield the 6.2 events", async () => {
    const events = await collect(await client.createChatStream({ message: "A calculator" }));
    expect(events[0]!.object).toBe("chat");
    const chatId = events[0]!.object === "chat" ? events[0]!.id : "";
    const more = await collect(await client.sendMessageStream(chatId, { message: "Add a dark theme" }));
    expect(more.map((e) => e.object).slice(-2)).toEqual(["message.usage", "chat"]);
  });

  test("messages: send, list, get; integration then permission requests resolved with resolveTask", async () => {
    const chat = await client.createChat({ message: "A shop" });
    const blocked = await client.sendMessage(chat.id, {
      message: "Take payments /integration Stripe /script scripts/seed.ts",
    });
    expect(blocked.finishReason).toBe("tool-calls");
    const list = await client.listMessages(chat.id, { limit: 2 });
    expect(list.data[0]).toEqual(blocked);
    expect(await client.getMessage(chat.id, blocked.id)).toEqual(blocked);

    const resumed = await client.resolveTask(chat.id, {
      task: { type: "confirmed-steps", connectedIntegrationNames: ["Stripe"] },
    });
    expect(resumed.finishReason).toBe("tool-calls");
    const [[, task]] = resumed.experimental_content as [[1, unknown]];
    const permissions = BlockedTaskV1.parse(task);
    if (permissions.stopReason !== "permissions") expect.fail("expected a permission request");
    const ran = await client.resolveTask(chat.id, {
      task: { type: "confirmed-permissions", permissions: permissions.suggestedPermissions },
    });
    expect(ran.finishReason).toBe("stop");
    expect(ran.content).toMatch(/Ran `scripts\/seed.ts`/);

    // The same message through the v2 client shows the dangerous bash part.
    const v2 = serviceClient(svc);
    const parts = (await v2.getMessage(chat.id, ran.id)).parts!;
    expect(parts.find((p) => p.type === "bash")).toMatchObject({ isDangerous: true });

    // A stale resolve: ServiceError 409 with the v1 error fields.
    const stale = await client
      .resolveTask(chat.id, { task: { type: "confirmed-permissions", permissions: permissions.suggestedPermissions } })
      .catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(ServiceError);
    expect(stale).toMatchObject({ status: 409, code: "task_not_pending", type: "conflict_error" });
  });

  test("getVersion, patchVersion (a hand edit: a new version, the lock kept) and deleteVersionFiles", async () => {
    const chat = await client.createChat({ message: "A notes app" });
    const versionId = chat.latestVersion!.id;
    expect(await client.getVersion(chat.id, versionId)).toEqual(chat.latestVersion);
    const patched = await client.patchVersion(chat.id, versionId, {
      files: [{ name: "styles.css", content: "body{}", locked: true }],
    });
    expect(patched.id).not.toBe(versionId);
    expect(patched.files.find((f) => f.name === "styles.css")).toMatchObject({ content: "body{}", locked: true });
    const deleted = await client.deleteVersionFiles(chat.id, patched.id, { filePaths: ["styles.css"] });
    expect(deleted.files.map((f) => f.name)).not.toContain("styles.css");
    // listVersions (extension): newest first, without files.
    await client.sendMessage(chat.id, { message: "Add tags" });
    const list = await client.listVersions(chat.id, { limit: 4 });
    expect(list.data.map((v) => v.id).slice(1)).toEqual([deleted.id, patched.id, versionId]);
    expect(list.data[0]).not.toHaveProperty("files");
  });

  test("errors are ServiceErrors carrying the v1 code, type and userMessage", async () => {
    const error = await client.getChat("chat_missing").catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 404, code: "chat_not_found", type: "not_found_error" });
    expect((error as ServiceError).userMessage).toBeTruthy();
    const unauthorized = serviceClientV1(svc, "wrong");
    await expect(unauthorized.getUser()).rejects.toMatchObject({ status: 401, type: "authentication_error" });
  });
});
