import "server-only";
import { promptOf, type CreateChatBody, type ModelId, type SendMessageBody } from "@/lib/api";
import { parsePrompt } from "./agent/directives";
import { Generation, type GenerationListener } from "./agent/generation";
import { runScript } from "./agent/runner";
import { buildScript } from "./agent/script";
import { computeUsage, effectiveModel } from "./agent/usage";
import { HttpError } from "./errors";
import { newId } from "./ids";
import { chatsStore, filesStore, messagesStore, type ChatRow, type Db, type MessageRow } from "./store";
import { ZERO_USAGE } from "./views/message";

/** The author of every chat of the embedded service (it has one account). */
export const EMBEDDED_AUTHOR_ID = "user_embedded";

/** A user message and the assistant message that answers it, stored and ready to generate. */
export interface Turn {
  chat: ChatRow;
  userMessage: MessageRow;
  assistantMessage: MessageRow;
  /** Starts generating (detached from the caller). The listener, if any, sees every event. */
  start(listener?: GenerationListener): Generation;
}

export interface TurnsOptions {
  db: Db;
  delayMs: number;
}

/**
 * Conversation turns: stores the messages, runs the scripted agent detached from the request,
 * allows one generation per chat at a time, and lets `close()` wait for running generations.
 */
export class Turns {
  private readonly busy = new Map<string, Generation | "starting">();
  private readonly running = new Set<Promise<unknown>>();

  constructor(private readonly opts: TurnsOptions) {}

  /** The generation running for a chat, if any. */
  active(chatId: string): Generation | null {
    const g = this.busy.get(chatId);
    return g instanceof Generation ? g : null;
  }

  async beginChat(body: CreateChatBody): Promise<Turn> {
    const at = new Date();
    const chatId = newId("chat");
    this.claim(chatId);
    try {
      const modelId: ModelId = body.modelConfiguration?.modelId ?? "svc-pro";
      const { chat, user, assistant } = await this.opts.db.transaction(async (tx) => {
        const chat = await chatsStore.insertChat(tx, {
          id: chatId,
          title: null,
          privacy: body.privacy ?? "private",
          authorId: EMBEDDED_AUTHOR_ID,
          hostProjectId: null,
          metadata: body.metadata ?? {},
          modelId,
          settings: {
            mcpServerIds: body.mcpServerIds,
            credentialAccess: body.credentialAccess,
            imageGenerations: body.modelConfiguration?.imageGenerations,
            thinking: body.modelConfiguration?.thinking,
          },
          createdAt: at,
          updatedAt: at,
        });
        const { user, assistant } = await insertPair(tx, chatId, promptOf(body), at);
        return { chat, user, assistant };
      });
      return this.turn(chat, user, assistant);
    } catch (error) {
      this.busy.delete(chatId);
      throw error;
    }
  }

  /** 409 while the chat is still generating its previous answer. */
  async beginMessage(chat: ChatRow, body: SendMessageBody): Promise<Turn> {
    this.claim(chat.id);
    try {
      const at = new Date();
      const { user, assistant, updated } = await this.opts.db.transaction(async (tx) => {
        const pair = await insertPair(tx, chat.id, promptOf(body), at);
        const updated = await chatsStore.updateChat(tx, chat.id, { updatedAt: at });
        return { ...pair, updated };
      });
      return this.turn(updated ?? chat, user, assistant);
    } catch (error) {
      this.busy.delete(chat.id);
      throw error;
    }
  }

  /** Waits for every running generation to finish. */
  async drain(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running]);
  }

  private claim(chatId: string): void {
    if (this.busy.has(chatId)) {
      throw new HttpError(409, "The chat is still generating a response; wait until its finishReason is set.", "chat_busy");
    }
    this.busy.set(chatId, "starting");
  }

  private turn(chat: ChatRow, userMessage: MessageRow, assistantMessage: MessageRow): Turn {
    let started: Generation | null = null;
    return {
      chat,
      userMessage,
      assistantMessage,
      start: (listener) => {
        if (started) return started;
        const generation = new Generation(chat.id, assistantMessage.id);
        started = generation;
        if (listener) generation.subscribe(listener);
        this.busy.set(chat.id, generation);
        const run = this.generate(chat, userMessage, assistantMessage, generation)
          .catch((error: unknown) => {
            console.error("[embedded] generation could not start", error);
            generation.reject(error);
          })
          .finally(() => {
            this.busy.delete(chat.id);
            this.running.delete(run);
          });
        this.running.add(run);
        return generation;
      },
    };
  }

  private async generate(chat: ChatRow, user: MessageRow, assistant: MessageRow, generation: Generation): Promise<void> {
    const { db } = this.opts;
    const [history, files] = await Promise.all([messagesStore.allMessages(db, chat.id), filesStore.listFiles(db, chat.id)]);
    const earlier = history.filter((m) => m.seq < user.seq);
    const prompt = parsePrompt(user.content);
    const steps = buildScript({
      prompt,
      chatTitle: chat.title,
      earlierRequests: earlier.filter((m) => m.role === "user").map((m) => parsePrompt(m.content).text),
      files: files.map((f) => ({ path: f.path, content: f.content, locked: f.locked })),
    });
    const model = effectiveModel(chat.modelId);
    const historyChars = earlier.reduce((n, m) => n + m.content.length + JSON.stringify(m.parts).length, 0);
    const delayMs = prompt.directives.slow ? Math.max(this.opts.delayMs * 5, 60) : this.opts.delayMs;
    await runScript({
      db,
      generation,
      chat,
      message: assistant,
      steps,
      delayMs,
      usage: (parts) =>
        computeUsage({ model, promptChars: user.content.length, historyChars, outputChars: JSON.stringify(parts).length }),
    });
  }
}

async function insertPair(db: Db, chatId: string, prompt: string, at: Date) {
  const user = await messagesStore.insertMessage(db, {
    id: newId("msg"),
    chatId,
    role: "user",
    content: prompt,
    parts: [],
    finishReason: "stop",
    usage: ZERO_USAGE,
    createdAt: at,
    updatedAt: at,
  });
  const assistant = await messagesStore.insertMessage(db, {
    id: newId("msg"),
    chatId,
    role: "assistant",
    content: "",
    parts: [],
    finishReason: null,
    usage: null,
    createdAt: at,
    updatedAt: at,
  });
  return { user, assistant };
}
