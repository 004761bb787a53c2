import { describe, expect, test } from "vitest";
import { ChatWithUsage, ErrorV2, Message, MessageList } from "@/lib/api";
import { HttpError } from "../errors";
import * as messagesStore from "../messages/store";
import { call, expectSchema, serviceForFile } from "../test-support";
import { ZERO_USAGE } from "../messages/views";
import type { Agent } from "./agent";
import { MessageWriter } from "./message-writer";

/**
 * A third agent plugged into the service (over HTTP, through the `agent` option): Turns runs it without knowing it.
 * It echoes the latest user message, and refuses beforehand in a chat whose metadata says `refuse`.
 */
const echoAgent: Agent = {
  async preflight(_tx, chat) {
    if (chat.metadata.refuse) throw new HttpError(422, "The echo agent refuses this chat.", "validation_failed");
  },
  async run(run) {
    const writer = new MessageWriter(run);
    const earlier = await messagesStore.listMessages(run.db, run.chat.id, { limit: 5, beforeSeq: run.message.seq });
    const prompt = earlier.find((m) => m.role === "user")?.content ?? "";
    const at = new Date().toISOString();
    const text = `echo: ${prompt}`;
    writer.append({ type: "text", text, startedAt: at, finishedAt: at });
    writer.content = text;
    await writer.finish(ZERO_USAGE);
  },
};

const svc = serviceForFile({ agent: echoAgent });

describe("an agent of our own behind Turns", () => {
  test("answers the first message and a follow-up; its refusal beforehand changes nothing", async () => {
    const created = await call(svc, "POST", "/v2/chats", { body: { message: "hello there" } });
    expect(created.status).toBe(200);
    const { chat } = expectSchema(ChatWithUsage, created.body);

    const sent = await call(svc, "POST", `/v2/chats/${chat.id}/messages`, { body: { message: "once more" } });
    expect(sent.status).toBe(200);
    const answer = expectSchema(Message, sent.body);
    expect(answer.finishReason).toBe("stop");
    expect(answer.parts).toMatchObject([{ type: "text", text: "echo: once more" }]);

    const listed = async () =>
      expectSchema(MessageList, (await call(svc, "GET", `/v2/chats/${chat.id}/messages`)).body).messages;
    const before = await listed();
    expect(before.map((m) => m.content)).toEqual(["echo: once more", "once more", "echo: hello there", "hello there"]);

    await call(svc, "PATCH", `/v2/chats/${chat.id}`, { body: { metadata: { refuse: "yes" } } });
    const refused = await call(svc, "POST", `/v2/chats/${chat.id}/messages`, { body: { message: "and again" } });
    expect(refused.status).toBe(422);
    expect(expectSchema(ErrorV2, refused.body).message).toBe("The echo agent refuses this chat.");
    expect(await listed()).toEqual(before);
  });
});
