import { describe, expect, test } from "vitest";
import type { AgentActionPart } from "@/lib/api";
import { HttpError } from "../errors";
import { withIdleChat } from "../generation/idle-chat";
import { type Db, type MessageRow } from "../store";
import * as chatsStore from "../chats/store";
import * as messagesStore from "../messages/store";
import { integrationRequestPart, pendingRequestOf, permissionRequestPart } from "./requests";
import { rejectPending, resolvePending } from "./transitions";

/** Runs a transition as the service does: in the transaction that holds the idle chat (no events recorded here). */
const idle = <T>(db: Db, chatId: string, fn: (tx: Db) => Promise<T>) =>
  withIdleChat({ db, emit: async () => {} }, chatId, ({ tx }) => fn(tx));

/**
 * The interface.md Part 3 transitions on a real database, run against each driver (PGlite in transitions.test.ts,
 * PostgreSQL in store/store.pg.http.test.ts): concurrent transactions never both answer one request.
 */
export function describeTransitionsContract(name: string, getDb: () => Db): void {
  let n = 0;
  const uid = (prefix: string) => `${prefix}_${Date.now().toString(36)}_${++n}`;
  const at = new Date("2025-01-01T12:00:00Z");

  async function blockedChat(kind: "integrations" | "permissions"): Promise<{ chatId: string; blocked: MessageRow }> {
    const db = getDb();
    const chatId = uid("chat");
    await chatsStore.insertChat(db, {
      id: chatId,
      title: null,
      privacy: "private",
      authorId: "u",
      hostProjectId: null,
      metadata: {},
      modelId: "svc-pro",
      settings: {},
      createdAt: at,
      updatedAt: at,
    });
    const base = { chatId, usage: null, createdAt: at, updatedAt: at };
    await messagesStore.insertMessage(db, {
      ...base,
      id: uid("msg"),
      role: "user",
      content: "x",
      parts: [],
      finishReason: "stop",
    });
    const part = kind === "integrations" ? integrationRequestPart(["Stripe"], []) : permissionRequestPart("seed.ts");
    const blocked = await messagesStore.insertMessage(db, {
      ...base,
      id: uid("msg"),
      role: "assistant",
      content: "",
      parts: [part],
      finishReason: "tool-calls",
    });
    return { chatId, blocked };
  }

  const statusOf = (e: unknown) => (e instanceof HttpError ? e.status : e);

  describe(`interface.md Part 3 transitions on ${name}`, () => {
    test("two concurrent resolves of one request: exactly one answers it, the other is 409", async () => {
      const db = getDb();
      const { chatId, blocked } = await blockedChat("permissions");
      const pending = pendingRequestOf(blocked);
      if (pending?.kind !== "permissions") expect.fail("not blocked on permissions");
      const task = { type: "confirmed-permissions" as const, permissions: pending.suggestedPermissions };
      const results = await Promise.allSettled(
        [0, 1].map(() => idle(db, chatId, (tx) => resolvePending(tx, chatId, task, at))),
      );
      expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
      const failed = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
      expect(statusOf(failed.reason)).toBe(409);
      const stored = (await messagesStore.findMessage(db, chatId, blocked.id))!;
      expect(pendingRequestOf(stored)).toBeNull();
      expect(stored.parts[0]).toMatchObject({ status: "ok", output: { approved: true } });
    });

    test("a resolve and a follow-up's rejection at once: the request is answered exactly once", async () => {
      const db = getDb();
      const { chatId, blocked } = await blockedChat("integrations");
      const task = { type: "confirmed-steps" as const, connectedIntegrationNames: ["Stripe"] };
      const [resolved, rejected] = await Promise.allSettled([
        idle(db, chatId, (tx) => resolvePending(tx, chatId, task, at)),
        idle(db, chatId, (tx) => rejectPending(tx, chatId, at)),
      ]);
      const stored = (await messagesStore.findMessage(db, chatId, blocked.id))!;
      const data = (stored.parts[0] as AgentActionPart).data ?? {};
      if (resolved.status === "fulfilled") {
        expect(rejected).toEqual({ status: "fulfilled", value: null });
        expect(data.status).toBe("connected");
      } else {
        expect(statusOf(resolved.reason)).toBe(409);
        expect(rejected.status === "fulfilled" && rejected.value?.id).toBe(blocked.id);
        expect(data.status).toBe("rejected");
      }
    });

    test("a failed resolve changes nothing", async () => {
      const db = getDb();
      const { chatId, blocked } = await blockedChat("integrations");
      await expect(
        idle(db, chatId, (tx) =>
          resolvePending(tx, chatId, { type: "confirmed-steps", connectedIntegrationNames: ["Neon"] }, at),
        ),
      ).rejects.toMatchObject({ status: 409, code: "integration_mismatch" });
      await expect(
        idle(db, chatId, (tx) => resolvePending(tx, chatId, { type: "confirmed-permissions", permissions: [] }, at)),
      ).rejects.toMatchObject({ status: 409, code: "stale_task" });
      expect(await messagesStore.findMessage(db, chatId, blocked.id)).toEqual(blocked);
    });
  });
}
