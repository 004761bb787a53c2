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
import { closeAbandoned } from "./recovery";
import type { McpConnections } from "./mcp/connections";
import { addMcpSteps } from "./mcp/agent-steps";
import { requireServerIds } from "./mcp/server-ids";
import { attachServers } from "./mcp/store";
import { chatsStore, filesStore, leasesStore, messagesStore, type ChatRow, type Db, type MessageRow } from "./store";
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
  /** Records webhook events (pass the change's transaction); none in isolation. */
  emit?: EmitEvent;
  /** MCP connections for the `/mcp` directive (and the model's MCP tools); none in isolation. */
  mcp?: McpConnections;
  /** The model-backed agent answers every new message when set; else the scripted agent. */
  model?: ModelAgentOptions | null;
  /** This instance's id: the owner written into the leases it takes. */
  owner: string;
  /** How long a lease lives unless renewed (renewed every third of it while the generation runs). */
  leaseMs: number;
  /**
   * Several instances share the database (PostgreSQL): generations store their progress a few times a second (not
   * only at part boundaries) and announce it, so readers on other instances follow them live.
   */
  shared: boolean;
}

const busy = () =>
  new HttpError(409, "The chat is still generating a response; wait until its finishReason is set.", "chat_busy");

/**
 * Conversation turns: stores the messages, runs the agent detached from the request, and allows one generation per
 * chat at a time across every instance sharing the database: the generation's lease (store/leases.ts) is taken in
 * the transaction that stores its messages, renewed while it runs and released in the one that finishes it.
 * `drain()` waits for this instance's running generations.
 */
export class Turns {
  /** This instance's running generations, by chat. */
  private readonly generations = new Map<string, Generation>();
  private readonly running = new Set<Promise<unknown>>();
  private heartbeat: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly opts: TurnsOptions) {}

  /** Whether a generation runs in this instance. */
  busy(): boolean {
    return this.running.size > 0;
  }

  /** The generation this instance runs for a chat, if any. */
  active(chatId: string): Generation | null {
    return this.generations.get(chatId) ?? null;
  }

  /** The message a live lease says is generating for the chat (whichever instance runs it); null when none. */
  async generatingMessageId(chatId: string): Promise<string | null> {
    const lease = await leasesStore.readLease(this.opts.db, chatId);
    return lease && lease !== "missing" && lease.live ? lease.messageId : null;
  }

  get owner(): string {
    return this.opts.owner;
  }

  async beginChat(body: CreateChatBody): Promise<Turn> {
    const at = new Date();
    const chatId = newId("chat");
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
      await this.lease(tx, chatId, assistant.id);
      await this.opts.emit?.(tx, "chat.created", { chatId });
      await this.announcePair(tx, chatId, user, assistant);
      return { chat, user, assistant };
    });
    return this.turn(chat, user, assistant);
  }

  /** 409 while the chat is still generating its previous answer (on any instance). */
  async beginMessage(chat: ChatRow, body: SendMessageBody): Promise<Turn> {
    const at = new Date();
    const { user, assistant, updated } = await this.opts.db.transaction(async (tx) => {
      await this.takeLease(tx, chat.id);
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
      await this.lease(tx, chat.id, pair.assistant.id);
      if (rejected) await this.opts.emit?.(tx, "message.updated", { chatId: chat.id, messageId: rejected.id });
      await this.announcePair(tx, chat.id, pair.user, pair.assistant);
      return { ...pair, updated };
    });
    return this.turn(updated ?? chat, user, assistant);
  }

  /**
   * A resolve (interface.md 4.5): answers the request the chat's latest assistant message waits on and stores the new
   * assistant message that continues the work. 409 while generating, for a stale task or mismatching names or
   * permissions; 422 for the wrong task type; nothing changes then.
   */
  async beginResolve(chat: ChatRow, task: ResolveTask): Promise<Turn> {
    const at = new Date();
    const { assistant, updated } = await this.opts.db.transaction(async (tx) => {
      await this.takeLease(tx, chat.id);
      const { blocked } = await resolvePending(tx, chat.id, task, at);
      const assistant = await insertAssistant(tx, chat.id, at);
      // interface.md Part 8 limits: 413 rolls all of this back (the model-backed agent's tools refuse instead)
      if (!this.opts.model) await checkPlannedWrites(tx, chat, assistant);
      const updated = await chatsStore.updateChat(tx, chat.id, { updatedAt: at });
      await this.lease(tx, chat.id, assistant.id);
      await this.opts.emit?.(tx, "message.updated", { chatId: chat.id, messageId: blocked.id });
      await this.opts.emit?.(tx, "message.created", { chatId: chat.id, messageId: assistant.id });
      return { assistant, updated };
    });
    return this.turn(updated ?? chat, null, assistant);
  }

  /**
   * Runs `fn` in a transaction that holds the chat's row (its lease locked): 409 while a generation runs anywhere;
   * no generation starts until it commits. `fn` must use the transaction it is given, nothing else.
   */
  async exclusive<T>(chatId: string, fn: (tx: Db) => Promise<T>): Promise<T> {
    return this.opts.db.transaction(async (tx) => {
      await this.takeLease(tx, chatId);
      return fn(tx);
    });
  }

  /**
   * Inside a transaction: locks the chat's lease; 404 without the chat, 409 while a live lease holds it. An expired
   * lease's message (its generation is gone) is closed as recovery would.
   */
  private async takeLease(tx: Db, chatId: string): Promise<void> {
    const lease = await leasesStore.lockLease(tx, chatId);
    if (lease === "missing") throw new HttpError(404, `Chat ${chatId} not found.`, "chat_not_found");
    if (lease?.live) throw busy();
    if (lease?.messageId) await closeAbandoned(tx, chatId, lease.messageId, new Date(), this.opts.emit);
  }

  /** Inside the transaction that stores the assistant message: this instance's lease for generating it. */
  private lease(tx: Db, chatId: string, messageId: string): Promise<void> {
    return leasesStore.setLease(tx, chatId, { owner: this.opts.owner, messageId, ttlMs: this.opts.leaseMs });
  }

  /** message.created for a stored user message and the assistant message that answers it. */
  private async announcePair(tx: Db, chatId: string, user: MessageRow, assistant: MessageRow): Promise<void> {
    await this.opts.emit?.(tx, "message.created", { chatId, messageId: user.id });
    await this.opts.emit?.(tx, "message.created", { chatId, messageId: assistant.id });
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
    for (const g of this.generations.values()) g.stop("shutdown");
    while (this.running.size) await Promise.allSettled([...this.running]);
    this.stopHeartbeat();
  }

  /** Stops this instance's generation of the message (a stop request from another instance); false when none. */
  stopLocal(chatId: string, messageId: string): boolean {
    const generation = this.generations.get(chatId);
    if (generation?.messageId !== messageId) return false;
    generation.stop("user");
    return true;
  }

  /** Renews the leases of running generations every third of their life; a lease lost ends its generation. */
  private startHeartbeat(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => void this.renew(), Math.max(50, Math.floor(this.opts.leaseMs / 3)));
    this.heartbeat.unref();
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  private async renew(): Promise<void> {
    const chatIds = [...this.generations.keys()];
    if (!chatIds.length) return this.stopHeartbeat();
    try {
      const held = await leasesStore.renewLeases(this.opts.db, this.opts.owner, chatIds, this.opts.leaseMs);
      for (const chatId of chatIds) {
        const generation = this.generations.get(chatId);
        if (held.has(chatId) || !generation || generation.finished) continue;
        console.warn(`[embedded] lost the lease of chat ${chatId}; stopping its generation`);
        generation.stop("shutdown");
      }
    } catch (error) {
      console.error("[embedded] could not renew generation leases", error);
    }
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
        this.generations.set(chat.id, generation);
        this.startHeartbeat();
        const run = this.generate(chat, assistantMessage, generation)
          .catch((error: unknown) => {
            console.error("[embedded] generation could not start", error);
            generation.reject(error);
          })
          .finally(async () => {
            // Finishing released the lease; a generation that could not finish is closed here instead.
            if (!generation.finished) await this.abandon(chat.id, assistantMessage.id);
            if (this.generations.get(chat.id) === generation) this.generations.delete(chat.id);
            this.running.delete(run);
          });
        this.running.add(run);
        return generation;
      },
    };
  }

  /** Closes a message whose generation ended without finishing it (as recovery would) and releases its lease. */
  private async abandon(chatId: string, messageId: string): Promise<void> {
    try {
      await this.opts.db.transaction(async (tx) => {
        await closeAbandoned(tx, chatId, messageId, new Date(), this.opts.emit);
        await leasesStore.releaseLease(tx, chatId, this.opts.owner, messageId);
      });
    } catch (error) {
      console.error("[embedded] could not close an abandoned message", error);
    }
  }

  /**
   * Runs the model-backed agent when configured; else plans from the stored conversation (a new prompt or a resume)
   * and runs the scripted agent.
   */
  private async generate(chat: ChatRow, assistant: MessageRow, generation: Generation): Promise<void> {
    const { db } = this.opts;
    const lease = { owner: this.opts.owner, shared: this.opts.shared };
    if (this.opts.model) {
      const { emit, mcp, model: options } = this.opts;
      return runModelTurn({ db, generation, chat, message: assistant, emit, mcp, options, lease });
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
      lease,
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
