import "server-only";
import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { AgentActionPart, ModelId, Usage } from "@/lib/api";
import { tokensOfChars, overCompactLine, type ContextFigures, type ContextInput } from "../context/figures";
import { latestSummary } from "../context/history";
import { summaryPart, type ContextSummary } from "../context/summary-part";
import { computeUsage, SCRIPTED_SYSTEM_TOKENS } from "../generation/usage";
import type { Db } from "../store";
import { messages } from "../store/schema";
import { CONVERSATION_READ } from "./plan";

type ServiceModelId = Exclude<ModelId, "svc-auto">;

/**
 * The scripted agent's context (docs/scripted-agent.md "Context"): fixed windows per model, its system prompt of
 * SCRIPTED_SYSTEM_TOKENS, and the last CONVERSATION_READ.window messages after the latest summary, 4 characters a
 * token (a message's content and parts, as its usage bills them). Past the line it "summarises" with a fixed text, so
 * the flow of compaction runs offline.
 */
const SCRIPTED_WINDOWS: Readonly<Record<ServiceModelId, number>> = {
  "svc-mini": 32_768,
  "svc-pro": 131_072,
  "svc-max": 200_000,
  "svc-max-fast": 200_000,
};

const live = (chatId: string) => and(eq(messages.chatId, chatId), isNull(messages.archivedAt));

/** Characters and count of the messages the agent reads (after `afterSeq`, before `beforeSeq`), and the last one's id. */
async function windowOf(
  db: Db,
  chatId: string,
  afterSeq: number | null,
  beforeSeq: number,
): Promise<{ chars: number; count: number; lastId: string | null }> {
  const where = and(
    live(chatId),
    Number.isFinite(beforeSeq) ? lt(messages.seq, beforeSeq) : undefined,
    afterSeq === null ? undefined : gt(messages.seq, afterSeq),
  );
  const window = db
    .select({ id: messages.id, seq: messages.seq, content: messages.content, parts: messages.parts })
    .from(messages)
    .where(where)
    .orderBy(desc(messages.seq))
    .limit(CONVERSATION_READ.window)
    .as("scripted_window");
  const [row] = await db
    .select({
      chars: sql<string | number | null>`sum(length(${window.content}) + length(${window.parts}::text))`,
      count: sql<string | number>`count(*)`,
      lastId: sql<string | null>`(array_agg(${window.id} order by ${window.seq} desc))[1]`,
    })
    .from(window);
  return { chars: Number(row?.chars ?? 0), count: Number(row?.count ?? 0), lastId: row?.lastId ?? null };
}

/** The context meter of the scripted agent: its next answer with `prompt`. */
export async function scriptedContext({ db, chat, prompt, model }: ContextInput): Promise<ContextFigures> {
  const summary = await latestSummary(db, chat.id, Number.POSITIVE_INFINITY);
  const read = await windowOf(db, chat.id, summary?.throughSeq ?? null, Number.POSITIVE_INFINITY);
  return {
    window: SCRIPTED_WINDOWS[model],
    system: SCRIPTED_SYSTEM_TOKENS,
    history: tokensOfChars((summary?.text.length ?? 0) + read.chars),
    prompt: tokensOfChars(prompt.length),
    messages: read.count,
    summary,
  };
}

/** What an answer reads of the history, and the summary it starts with when it had to summarise first. */
interface ScriptedHistory {
  /** Characters of the history before the prompt (the summary's text included), for usage. */
  historyChars: number;
  /** Whether the history starts with a summary (an earlier one, or `made`). */
  summarised: boolean;
  /** The summary this answer made (its part opens the answer), with what the auxiliary call cost. */
  made: { part: AgentActionPart; usage: Usage } | null;
}

/**
 * The history an answer reads (the message at `answerSeq`, `prompt` the message it answers, null for a resume) and
 * whether it must summarise first: past the line of the window, every message since the last summary but the prompt
 * is summarised with a fixed text.
 */
export async function scriptedHistory(input: {
  db: Db;
  chatId: string;
  model: ServiceModelId;
  answerSeq: number;
  prompt: { seq: number; chars: number } | null;
}): Promise<ScriptedHistory> {
  const { db, chatId, model, answerSeq, prompt } = input;
  const window = SCRIPTED_WINDOWS[model];
  const summary = await latestSummary(db, chatId, answerSeq);
  const upTo = prompt?.seq ?? answerSeq;
  const read = await windowOf(db, chatId, summary?.throughSeq ?? null, upTo);
  const historyChars = (summary?.text.length ?? 0) + read.chars;
  const figures = {
    window,
    system: SCRIPTED_SYSTEM_TOKENS,
    history: tokensOfChars(historyChars),
    prompt: tokensOfChars(prompt?.chars ?? 0),
  };
  if (!overCompactLine(figures) || !read.count || !read.lastId)
    return { historyChars, summarised: summary !== null, made: null };
  const made = fixedSummary(read.count, summary, read.lastId);
  const before = figures.system + figures.history + figures.prompt;
  const after = figures.system + tokensOfChars(made.text.length) + figures.prompt;
  return {
    historyChars: made.text.length,
    summarised: true,
    made: {
      part: summaryPart({ ...made, tokensBefore: before, tokensAfter: after }),
      usage: summaryUsage(model, historyChars, made.text),
    },
  };
}

/** The scripted agent's summary: a fixed text (no model runs), counting what it stands for. */
export function fixedSummary(
  count: number,
  previous: Pick<ContextSummary, "summarised"> | null,
  throughMessageId: string,
): ContextSummary {
  const summarised = (previous?.summarised ?? 0) + count;
  return {
    text: `The scripted agent's summary (a fixed text: it runs without a model): the ${summarised} earlier messages of this chat are summarised here and no longer read in full. The app's files are as the last answers left them.`,
    throughMessageId,
    summarised,
  };
}

/** What a summary of `chars` characters into `text` costs the scripted agent (deterministic, like its answers). */
export const summaryUsage = (model: ServiceModelId, chars: number, text: string): Usage =>
  computeUsage({ model, promptChars: chars, historyChars: 0, outputChars: text.length });
