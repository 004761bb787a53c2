import "server-only";
import { promptOf, type CreateChatBody, type ModelId, type ResolveTask, type SendMessageBody } from "@/lib/api";
import type { Agent } from "./agent";
import { Generation, type GenerationListener } from "./generation";
import { rejectPending, resolvePending } from "../approvals/transitions";
import type { EmitEvent } from "../events";
import { newId } from "../ids";
import { closeAbandoned } from "./recovery";
import { withIdleChat } from "./idle-chat";
import { requireServerIds } from "../mcp/server-ids";
import { attachServers } from "../mcp/store";
import { keepAttachments, takeAttachments, type Intake } from "../attachments/intake";
import { type ChatRow, type Db, type MessageRow } from "../store";
import * as chatsStore from "../chats/store";
import * as leasesStore from "./store";
import * as messagesStore from "../messages/store";
import { ZERO_USAGE } from "../messages/views";
import { pendingRequestOf } from "../approvals/requests";
import { readHistory } from "../context/history";
import { HttpError } from "../errors";
import type { Spend } from "../spend/spend";

export { EMBEDDED_AUTHOR_ID } from "../author";

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
  /** Who writes the answers (the service picks it): Turns only stores, leases and starts. */
  agent: Agent;
  /** Records webhook events (pass the change's transaction); tests in isolation pass a no-op or a recorder. */
  emit: EmitEvent;
  /** This instance's id: the owner written into the leases it takes. */
  owner: string;
  /** How long a lease lives unless renewed (renewed every third of it while the generation runs). */
  leaseMs: number;
  /**
   * Several instances share the database (PostgreSQL): generations store their progress a few times a second (not
   * only at part boundaries) and announce it, so readers on other instances follow them live.
   */
  shared: boolean;
  /** The service's {base_url}: stored attachments are answered from `{base_url}/attachments/{id}`. */
  publicBaseUrl: string;
  /** The ledger and budgets: each answer records its model calls there. */
  spend: Spend;
}

/**
 * Conversation turns: stores the messages, runs the agent detached from the request, and allows one generation per
 * chat at a time across every instance sharing the database: the generation's lease (generation/store.ts) is taken in
 * the transaction that stores its messages (withIdleChat, idle-chat.ts, refuses a busy chat), renewed while it runs
 * and released in the one that finishes it.
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

  get owner(): string {
    return this.opts.owner;
  }

  /** A new chat of `authorId` (the caller) with their first message. */
  async beginChat(body: CreateChatBody, authorId: string): Promise<Turn> {
    const at = new Date();
    const chatId = newId("chat");
    const modelId: ModelId = body.modelConfiguration?.modelId ?? "svc-pro";
    const intake = takeAttachments(body.attachments, this.opts.publicBaseUrl);
    const { chat, user, assistant } = await this.opts.db.transaction(async (tx) => {
      await requireServerIds(tx, body.mcpServerIds);
      const chat = await chatsStore.insertChat(tx, {
        id: chatId,
        title: body.title ?? null,
        privacy: body.privacy,
        authorId,
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
      const { user, assistant } = await insertPair(tx, chatId, promptOf(body), at, intake, authorId);
      await this.lease(tx, chatId, assistant.id);
      await this.opts.emit(tx, "chat.created", { chatId });
      await this.opts.emit(tx, "message.created", { chatId, messageId: user.id });
      await this.opts.emit(tx, "message.created", { chatId, messageId: assistant.id });
      return { chat, user, assistant };
    });
    return this.turn(chat, user, assistant, authorId);
  }

  /** 404 without the chat; 409 while it is still generating its previous answer (on any instance). */
  /** `authorId` (the caller) sends a message. */
  async beginMessage(chatId: string, body: SendMessageBody, authorId: string): Promise<Turn> {
    const at = new Date();
    const intake = takeAttachments(body.attachments, this.opts.publicBaseUrl);
    const { chat, user, assistant } = await withIdleChat(this.opts, chatId, async ({ tx, chat, emit }) => {
      await requireServerIds(tx, body.mcpServerIds);
      // Any other follow-up message while the chat waits on the user rejects the pending request (interface.md Part 3).
      const rejected = await rejectPending(tx, chat.id, at);
      const pair = await insertPair(tx, chat.id, promptOf(body), at, intake, authorId);
      if (body.systemPrompt !== undefined)
        await chatsStore.updateSettings(tx, chat.id, { systemPrompt: body.systemPrompt || undefined });
      // The agent's own refusals (the scripted agent's interface.md Part 8 limits: 413) roll all of this back.
      await this.opts.agent.preflight(tx, chat, pair.assistant);
      await attachServers(tx, chat.id, body.mcpServerIds ?? []);
      const updated = await chatsStore.updateChat(tx, chat.id, { updatedAt: at });
      await this.lease(tx, chat.id, pair.assistant.id);
      if (rejected) emit("message.updated", { chatId: chat.id, messageId: rejected.id });
      emit("message.created", { chatId: chat.id, messageId: pair.user.id });
      emit("message.created", { chatId: chat.id, messageId: pair.assistant.id });
      return { ...pair, chat: updated ?? chat };
    });
    return this.turn(chat, user, assistant, authorId);
  }

  /**
   * A resolve (interface.md 4.5): answers the request the chat's latest assistant message waits on and stores the new
   * assistant message that continues the work. 404 without the chat; 409 while generating, for a stale task or
   * mismatching names or permissions; 422 for the wrong task type; nothing changes then.
   */
  async beginResolve(chatId: string, task: ResolveTask, by: string): Promise<Turn> {
    const at = new Date();
    const { chat, assistant } = await withIdleChat(this.opts, chatId, async ({ tx, chat, emit }) => {
      const { blocked } = await resolvePending(tx, chat.id, task, at);
      const assistant = await insertAssistant(tx, chat.id, at);
      // The agent's own refusals (the scripted agent's interface.md Part 8 limits: 413) roll all of this back.
      await this.opts.agent.preflight(tx, chat, assistant);
      const updated = await chatsStore.updateChat(tx, chat.id, { updatedAt: at });
      await this.lease(tx, chat.id, assistant.id);
      emit("message.updated", { chatId: chat.id, messageId: blocked.id });
      emit("message.created", { chatId: chat.id, messageId: assistant.id });
      return { assistant, chat: updated ?? chat };
    });
    return this.turn(chat, null, assistant, by);
  }

  /**
   * "Compact now": an assistant message of kind `context-summary` the agent answers with a summary of the earlier
   * messages (no user message). 404 without the chat; 409 while generating, while the chat waits on the user's
   * answer to a request, or with nothing to summarise since the last summary; nothing changes then.
   */
  async beginCompaction(chatId: string, by: string): Promise<Turn> {
    const at = new Date();
    const { chat, assistant } = await withIdleChat(this.opts, chatId, async ({ tx, chat, emit }) => {
      const latest = await messagesStore.latestMessage(tx, chat.id);
      if (latest && pendingRequestOf(latest))
        throw new HttpError(
          409,
          "The chat waits for your answer to the agent's request: answer it before summarising.",
          "conflict",
        );
      const history = await readHistory(tx, chat.id, Number.POSITIVE_INFINITY);
      if (!history.messages.some((m) => m.kind !== "context-summary"))
        throw new HttpError(409, "Nothing to summarise: no message since the last summary.", "nothing_to_compact");
      const assistant = await messagesStore.insertMessage(tx, {
        id: newId("msg"),
        chatId: chat.id,
        role: "assistant",
        content: "",
        parts: [],
        finishReason: null,
        usage: null,
        attachments: null,
        kind: "context-summary",
        createdAt: at,
        updatedAt: at,
      });
      const updated = await chatsStore.updateChat(tx, chat.id, { updatedAt: at });
      await this.lease(tx, chat.id, assistant.id);
      emit("message.created", { chatId: chat.id, messageId: assistant.id });
      return { assistant, chat: updated ?? chat };
    });
    return this.turn(chat, null, assistant, by);
  }

  /** Inside the transaction that stores the assistant message: this instance's lease for generating it. */
  private lease(tx: Db, chatId: string, messageId: string): Promise<void> {
    return leasesStore.setLease(tx, chatId, { owner: this.opts.owner, messageId, ttlMs: this.opts.leaseMs });
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

  private turn(chat: ChatRow, userMessage: MessageRow | null, assistantMessage: MessageRow, by: string): Turn {
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
        const run = this.generate(chat, assistantMessage, generation, by)
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

  /** The agent's generation of the message (detached from the request that stored it). */
  private generate(chat: ChatRow, message: MessageRow, generation: Generation, by: string): Promise<void> {
    const { db, emit, owner, shared } = this.opts;
    const spend = this.opts.spend.answer({ personId: by, chatId: chat.id, messageId: message.id });
    return this.opts.agent.run({ db, generation, chat, message, emit, lease: { owner, shared }, spend });
  }
}

async function insertPair(db: Db, chatId: string, prompt: string, at: Date, intake: Intake, authorId: string) {
  const user = await messagesStore.insertMessage(db, {
    id: newId("msg"),
    chatId,
    role: "user",
    authorId,
    content: prompt,
    parts: [],
    finishReason: "stop",
    usage: ZERO_USAGE,
    attachments: intake.listed.length ? intake.listed : null,
    createdAt: at,
    updatedAt: at,
  });
  await keepAttachments(db, chatId, user.id, intake, at);
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
