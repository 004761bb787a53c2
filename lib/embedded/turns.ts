import "server-only";
import { promptOf, type CreateChatBody, type ModelId, type ResolveTask, type SendMessageBody } from "@/lib/api";
import { Generation, type GenerationListener } from "./agent/generation";
import { runScript } from "./agent/runner";
import { checkPlannedWrites } from "./agent/limits";
import { planTurn, CONVERSATION_READ } from "./agent/plan";
import { computeUsage, effectiveModel } from "./agent/usage";
import { rejectPending, resolvePending } from "./approvals/transitions";
import { HttpError } from "./errors";
import type { EmitEvent } from "./events";
import { newId } from "./ids";
import type { McpConnections } from "./mcp/connections";
import { addMcpSteps } from "./mcp/agent-steps";
import { requireServerIds } from "./mcp/server-ids";
import { attachServers } from "./mcp/store";
import { chatsStore, filesStore, messagesStore, type ChatRow, type Db, type MessageRow } from "./store";
import { ZERO_USAGE } from "./views/message";
import type { ModelAgentOptions } from "./model-agent/options";
import { runModelTurn } from "./model-agent/run";

export { EMBEDDED_AUTHOR_ID } from "./author";
import { EMBEDDED_AUTHOR_ID } from "./author";

/**
 * A user message and the assistant message that answers it, stored and ready to generate. A resume (resolve)
 * stores no user message: `userMessage` is null and the assistant continues the blocked message's prompt.
 */
export interface Turn {
  chat: ChatRow;
  userMessage: MessageRow | null;
  assistantMessage: MessageRow;
  /** Starts generating (detached from the caller). The listener, if any, sees every event. */
  start(listener?: GenerationListener): Generation;
}

interface TurnsOptions {
  db: Db;
  delayMs: number;
  /** The service's event bus (webhook events); none in isolation. */
  emit?: EmitEvent;
  /** MCP connections for the `/mcp` directive (and the model's MCP tools); none in isolation. */
  mcp?: McpConnections;
  /** The model-backed agent answers every new message when set; else the scripted agent. */
  model?: ModelAgentOptions | null;
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
        await requireServerIds(tx, body.mcpServerIds);
        const chat = await chatsStore.insertChat(tx, {
          id: chatId,
          title: body.title ?? null,
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
            ...(body.systemPrompt ? { systemPrompt: body.systemPrompt } : {}),
          },
          createdAt: at,
          updatedAt: at,
        });
        const { user, assistant } = await insertPair(tx, chatId, promptOf(body), at, body.attachments);
        return { chat, user, assistant };
      });
      this.opts.emit?.("chat.created", { chatId });
      this.announcePair(chatId, user, assistant);
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
      const { user, assistant, updated, rejected } = await this.opts.db.transaction(async (tx) => {
        await requireServerIds(tx, body.mcpServerIds);
        // Any other follow-up message while the chat waits on the user rejects the pending request (interface.md Part 3).
        const rejected = await rejectPending(tx, chat.id, at);
        const pair = await insertPair(tx, chat.id, promptOf(body), at, body.attachments);
        if (body.systemPrompt !== undefined)
          await chatsStore.updateSettings(tx, chat.id, { systemPrompt: body.systemPrompt || undefined });
        // interface.md Part 8 limits: 413 rolls all of this back (the model-backed agent's tools refuse instead)
        if (!this.opts.model) await checkPlannedWrites(tx, chat, pair.assistant);
        await attachServers(tx, chat.id, body.mcpServerIds ?? []);
        const updated = await chatsStore.updateChat(tx, chat.id, { updatedAt: at });
        return { ...pair, updated, rejected };
      });
      if (rejected) this.opts.emit?.("message.updated", { chatId: chat.id, messageId: rejected.id });
      this.announcePair(chat.id, user, assistant);
      return this.turn(updated ?? chat, user, assistant);
    } catch (error) {
      this.busy.delete(chat.id);
      throw error;
    }
  }

  /**
   * A resolve (interface.md 4.5): answers the request the chat's latest assistant message waits on and stores the new
   * assistant message that continues the work. 409 while generating, for a stale task or mismatching names or
   * permissions; 422 for the wrong task type; nothing changes then.
   */
  async beginResolve(chat: ChatRow, task: ResolveTask): Promise<Turn> {
    this.claim(chat.id);
    try {
      const at = new Date();
      const { blocked, assistant, updated } = await this.opts.db.transaction(async (tx) => {
        const { blocked } = await resolvePending(tx, chat.id, task, at);
        const assistant = await insertAssistant(tx, chat.id, at);
        // interface.md Part 8 limits: 413 rolls all of this back (the model-backed agent's tools refuse instead)
        if (!this.opts.model) await checkPlannedWrites(tx, chat, assistant);
        const updated = await chatsStore.updateChat(tx, chat.id, { updatedAt: at });
        return { blocked, assistant, updated };
      });
      this.opts.emit?.("message.updated", { chatId: chat.id, messageId: blocked.id });
      this.opts.emit?.("message.created", { chatId: chat.id, messageId: assistant.id });
      return this.turn(updated ?? chat, null, assistant);
    } catch (error) {
      this.busy.delete(chat.id);
      throw error;
    }
  }

  /** Runs `fn` while holding the chat, so no generation starts meanwhile (409 while one runs). */
  async exclusive<T>(chatId: string, fn: () => Promise<T>): Promise<T> {
    this.claim(chatId);
    try {
      return await fn();
    } finally {
      this.busy.delete(chatId);
    }
  }

  /** message.created for a stored user message and the assistant message that answers it. */
  private announcePair(chatId: string, user: MessageRow, assistant: MessageRow): void {
    this.opts.emit?.("message.created", { chatId, messageId: user.id });
    this.opts.emit?.("message.created", { chatId, messageId: assistant.id });
  }

  /**
   * Waits for every running generation to finish, at most `graceMs`; those still running then are stopped as by a
   * shutdown (each ends at its next step, stored as an error with `message.finished`) and waited for.
   */
  async drain(graceMs = Infinity): Promise<void> {
    const until = Date.now() + graceMs;
    while (this.running.size && Date.now() < until) {
      const left = until - Date.now();
      const timer = Number.isFinite(left) ? new Promise((r) => setTimeout(r, left)) : new Promise(() => {});
      await Promise.race([Promise.allSettled([...this.running]), timer]);
    }
    for (const g of this.busy.values()) if (g instanceof Generation) g.stop("shutdown");
    while (this.running.size) await Promise.allSettled([...this.running]);
  }

  private claim(chatId: string): void {
    if (this.busy.has(chatId)) {
      throw new HttpError(
        409,
        "The chat is still generating a response; wait until its finishReason is set.",
        "chat_busy",
      );
    }
    this.busy.set(chatId, "starting");
  }

  private turn(chat: ChatRow, userMessage: MessageRow | null, assistantMessage: MessageRow): Turn {
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
        const run = this.generate(chat, assistantMessage, generation)
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

  /**
   * Runs the model-backed agent when configured; else plans from the stored conversation (a new prompt or a resume)
   * and runs the scripted agent.
   */
  private async generate(chat: ChatRow, assistant: MessageRow, generation: Generation): Promise<void> {
    const { db } = this.opts;
    if (this.opts.model) {
      const { emit, mcp, model: options } = this.opts;
      return runModelTurn({ db, generation, chat, message: assistant, emit, mcp, options });
    }
    const [conversation, files] = await Promise.all([
      messagesStore.conversation(db, chat.id, assistant.seq, CONVERSATION_READ),
      filesStore.listFiles(db, chat.id),
    ]);
    const plan = planTurn({ chat, conversation, assistantId: assistant.id, files });
    const { prompt, promptChars, historyChars } = plan;
    const mcp = this.opts.mcp;
    const steps = prompt.directives.mcp && mcp ? await addMcpSteps(mcp, chat, prompt.text, plan.steps) : plan.steps;
    const model = effectiveModel(chat.modelId);
    const delayMs =
      prompt.directives.pace ??
      (prompt.directives.slow ? Math.max(this.opts.delayMs * 5, 60) : prompt.directives.fast ? 0 : this.opts.delayMs);
    await runScript({
      db,
      generation,
      chat,
      message: assistant,
      steps,
      delayMs,
      emit: this.opts.emit,
      usage: (parts) => computeUsage({ model, promptChars, historyChars, outputChars: JSON.stringify(parts).length }),
    });
  }
}

async function insertPair(db: Db, chatId: string, prompt: string, at: Date, attachments?: Array<{ url: string }>) {
  const user = await messagesStore.insertMessage(db, {
    id: newId("msg"),
    chatId,
    role: "user",
    content: prompt,
    parts: [],
    finishReason: "stop",
    usage: ZERO_USAGE,
    attachments: attachments?.length ? attachments.map((a) => ({ url: a.url, name: attachmentName(a.url) })) : null,
    createdAt: at,
    updatedAt: at,
  });
  const assistant = await insertAssistant(db, chatId, at);
  return { user, assistant };
}

/** An empty assistant message about to be generated (finishReason null). */
function insertAssistant(db: Db, chatId: string, at: Date): Promise<MessageRow> {
  return messagesStore.insertMessage(db, {
    id: newId("msg"),
    chatId,
    role: "assistant",
    content: "",
    parts: [],
    finishReason: null,
    usage: null,
    attachments: null,
    createdAt: at,
    updatedAt: at,
  });
}

/** A display name for an attachment: the last path segment of its URL (decoded), else the host. */
function attachmentName(url: string): string {
  const u = new URL(url);
  const last = u.pathname.split("/").filter(Boolean).at(-1);
  try {
    return last ? decodeURIComponent(last).slice(0, 200) : u.host;
  } catch {
    return last ?? u.host;
  }
}
