import { afterAll, beforeAll, describe, expect, test } from "vitest";
import * as chatsStore from "../chats/store";
import { openDatabase, type OpenedDatabase } from "../store/db";
import { settle } from "./build";
import * as deploymentsStore from "./store";

/**
 * Settling a deployment built in the sandbox (app-build.ts): its builder settles it, never the build time; still
 * pending past its deadline (the instance building it stopped), the first read fails it.
 */
let opened: OpenedDatabase;
beforeAll(async () => {
  opened = await openDatabase({ dataDir: "memory://" });
});
afterAll(() => opened.close());

const created = new Date(Date.UTC(2026, 0, 1, 12));
const later = (ms: number) => new Date(created.getTime() + ms);

async function pendingBuild(id: string, deadline: Date | null) {
  await chatsStore.insertChat(opened.db, {
    id: `chat_${id}`,
    title: null,
    privacy: "private",
    authorId: "user_1",
    hostProjectId: null,
    metadata: {},
    modelId: "svc-pro",
    settings: {},
    createdAt: created,
    updatedAt: created,
  });
  return deploymentsStore.insertDeployment(opened.db, {
    id,
    chatId: `chat_${id}`,
    projectId: null,
    versionId: "v_1",
    status: "pending",
    files: [{ path: "index.html", content: "x", encoding: "utf8", locked: false }],
    logs: [],
    error: null,
    buildDeadline: deadline,
    createdAt: created,
    updatedAt: created,
  });
}

describe("settling a deployment built in the sandbox", () => {
  test("before its deadline it stays pending whatever the build time; after it, it fails as interrupted", async () => {
    const row = await pendingBuild("dpl_a", later(60_000));
    expect((await settle(opened.db, row, 0, later(59_000))).status).toBe("pending");
    const lost = await settle(opened.db, row, 0, later(61_000));
    expect(lost.status).toBe("error");
    expect(lost.error).toEqual({
      type: "build_interrupted",
      text: "The build did not finish: the instance building it stopped. Deploy again.",
    });
    expect(lost.logs.map((l) => [l.level, l.text])).toEqual([
      ["error", "Error: The build did not finish: the instance building it stopped. Deploy again."],
      ["error", "Build failed"],
    ]);
    // Its builder, finishing late, changes nothing: only a pending row is settled.
    expect(
      await deploymentsStore.finishBuild(opened.db, row.id, { status: "ready", logs: [], error: null }, later(62_000)),
    ).toBeNull();
  });

  test("without a deadline the files are the site, settled after the build time as before", async () => {
    const row = await pendingBuild("dpl_b", null);
    expect((await settle(opened.db, row, 1000, later(500))).status).toBe("pending");
    expect((await settle(opened.db, row, 1000, later(1500))).status).toBe("ready");
  });
});
