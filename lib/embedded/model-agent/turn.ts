import "server-only";
import { hasToolCall, stepCountIs, streamText, type ModelMessage, type UserContent } from "ai";
import { acceptedFileName } from "@/lib/api/files/limits";
import { MessageWriter, type MessageWriterInput } from "../generation/message-writer";
import { effectiveModel } from "../generation/usage";
import type { McpConnections } from "../mcp/connections";
import * as filesStore from "../files/store";
import { iso } from "../time";
import { describeFailure, droppedFailure, timeoutFailure, type Failure } from "./failures";
import { outcomeOf } from "../approvals/requests";
import type { Sandbox } from "../sandbox";
import { runApprovedCommand } from "./approved-command";
import { COMMAND_TOOL, fileTools, INTEGRATION_TOOL, type ToolParts } from "./file-tools";
import { mcpTools } from "./mcp-tools";
import { projectEnvironment } from "../projects/env-vars";
import { describeModel, languageModel, modelNameFor, windowFor, type ModelAgentOptions } from "./options";
import { handEditsSince, historyMessages, systemPrompt } from "./prompt";
import { promptWithAttachments } from "./attachments";
import { ProjectFiles } from "./project-files";
import { StreamParts } from "./stream-parts";
import { modelTitle } from "./title";
import { addTokens, callCredits, modelUsage, NO_TOKENS } from "./usage";
import { readHistory, type ContextHistory } from "../context/history";
import { overCompactLine, tokensOfChars } from "../context/figures";
import { summaryPart, type ContextSummary } from "../context/summary-part";
import type { AnswerSpend } from "../spend/spend";
import { AnswerGuard } from "./answer-guard";
import { splitForSummary, summarise } from "./compaction";
import { charsOf, messageChars, summaryNote, toolsChars } from "./history";
import { DEFAULT_STUCK_REPEATS, StuckWatch } from "./stuck";

interface ModelTurnInput extends MessageWriterInput {
  options: ModelAgentOptions;
  /** The answer's ledger and its budgets. */
  spend: AnswerSpend;
  /** Where approved commands run; null when they are off (AGENT_ALLOW_COMMANDS unset). */
  sandbox: Sandbox | null;
  /** MCP connections: the chat's attached, connected servers' tools are offered to the model. */
  mcp?: McpConnections;
}

/**
 * One assistant message answered by the model (OpenAI-compatible API, AI SDK `streamText` with tools, a step limit
 * and a time limit): the model reads our system prompt, the chat's own, its file names and the conversation (the latest
 * summary of earlier messages and the messages after it; when they would fill more than the line of the window, the
 * older ones are summarised first, compaction.ts); its stream becomes the message's parts as it happens
 * (stream-parts.ts). Every model call goes into the ledger; before each call after the first the answer may stop
 * (answer-guard.ts: a budget reached, the per-answer cap, going round in circles) with a closing text saying why.
 * Always finishes the message: "stop", "tool-calls" (it asked for integrations: the chat waits), or "error" with an
 * `error` event (API unreachable, HTTP error, dropped stream, time-out); files written before a failure stay, in the
 * message's version. A stop aborts the model call and keeps what the message has. An assistant message of kind
 * `context-summary` ("Compact now") is answered with a summary of the earlier messages alone.
 */
export async function runModelTurn(input: ModelTurnInput): Promise<void> {
  const { db, chat, generation, options, spend } = input;
  const writer = new MessageWriter(input);
  const model = effectiveModel(chat.modelId);
  const name = modelNameFor(options, model);
  const where = name ? describeModel(options, name) : options.baseUrl;
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = AbortSignal.any([generation.stopSignal, timeout]);
  const toolParts: ToolParts = new Map();
  const window = windowFor(options, model);
  let tokens = NO_TOKENS;
  let titling: Promise<void> = Promise.resolve();
  let failure: Failure | null = null;
  const auxiliary = async (purpose: "title" | "summary", used: typeof NO_TOKENS) => {
    tokens = addTokens(tokens, used);
    if (used.total > 0)
      await spend.record({ purpose, model, modelName: name, tokens: used, credits: callCredits(used, options) });
  };

  try {
    if (!name) {
      failure = {
        code: "model_not_configured",
        message: `No model is configured for ${model}: set AGENT_MODEL, or map ${model} in AGENT_MODELS.`,
      };
    } else if (input.message.kind === "context-summary") {
      const history = await readHistory(db, chat.id, input.message.seq);
      const older = history.messages.filter((m) => m.kind !== "context-summary");
      if (!older.length) {
        failure = { code: "model_error", message: "There is nothing to summarise since the last summary." };
      } else {
        const made = await summarise({
          model: languageModel(options, name),
          window,
          previous: history.summary,
          older,
          signal,
        });
        await auxiliary("summary", made.tokens);
        const at = iso(writer.now());
        const before = tokensOfChars(charsOf(historyMessages(older, undefined, messageChars(window))));
        writer.append(
          summaryPart({ ...made.summary, tokensBefore: before, tokensAfter: summaryTokens(made.summary) }, at),
        );
        writer.content = made.summary.text;
        await writer.persist();
      }
    } else {
      const languageModelFor = languageModel(options, name);
      const stuck = new StuckWatch(options.stuckRepeats ?? DEFAULT_STUCK_REPEATS, async (path) => {
        const file = await filesStore.findFile(db, chat.id, acceptedFileName(path) ?? path);
        return file ? file.content : null;
      });
      const guard = new AnswerGuard(spend, stuck, {
        model,
        modelName: name,
        credits: (used) => callCredits(used, options),
        capCredits: options.maxCreditsPerAnswer ?? null,
      });
      // A budget reached (or the cap) before the first call: the answer says so and calls nothing.
      const [history, files, env, early] = await Promise.all([
        readHistory(db, chat.id, input.message.seq),
        filesStore.listFiles(db, chat.id),
        chat.projectId && input.mcp ? projectEnvironment(db, input.mcp.secrets, chat.projectId) : {},
        guard.check(),
      ]);
      const earlier = history.messages;
      if (early) {
        const at = iso(writer.now());
        writer.append({ type: "text", text: early.message, startedAt: at, finishedAt: at });
        writer.content = early.message;
      } else {
        const prompt = earlier.findLast((m) => m.role === "user")?.content ?? "";
        if (chat.title === null && prompt) {
          titling = modelTitle(languageModelFor, prompt, signal)
            .then(async (t) => {
              await auxiliary("title", t.tokens);
              await writer.setTitle(t.title);
            })
            .catch((error: unknown) => console.error("[embedded] could not store the title", error));
        }
        const asked = earlier.findLast((m) => m.role === "user");
        const attached = asked ? await promptWithAttachments(db, asked) : null;
        const project = new ProjectFiles(db, chat.id, writer, signal);
        const own = fileTools(project, toolParts, options.allowCommands);
        const external = await mcpTools(input.mcp, chat, new Set(Object.keys(own)), toolParts);
        const tools = stuck.wrap({ ...external.tools, ...own });
        const system = systemPrompt(
          files,
          chat.settings.systemPrompt,
          Object.keys(env),
          handEditsSince(earlier),
          options.appsRun,
        );
        const messages = await readableHistory({
          history,
          signal,
          attached: attached ? { messageId: asked!.id, content: attached } : undefined,
          window,
          systemTokens: tokensOfChars(system.length + (await toolsChars(tools))),
          summarise: async (older) => {
            const made = await summarise({
              model: languageModelFor,
              window,
              previous: history.summary,
              older,
              signal,
            });
            await auxiliary("summary", made.tokens);
            return made.summary;
          },
          shown: async (part) => {
            writer.append(part(iso(writer.now())));
            await writer.persist();
          },
        });
        // After the user approved a command: run it first, then the model goes on from its output.
        const last = earlier.at(-1);
        const outcome = last ? outcomeOf(last) : null;
        if (outcome?.kind === "permissions" && outcome.approved) {
          const note = await runApprovedCommand({
            writer,
            command: outcome.command,
            files,
            sandbox: input.sandbox,
            env,
            signal,
          });
          messages.push({ role: "user", content: note });
        }
        const stream = new StreamParts(writer, toolParts, external.running, input.sandbox);
        if (external.listing) {
          const at = iso(writer.now());
          writer.append({ ...external.listing, startedAt: at, finishedAt: at });
          await writer.persist();
        }
        const result = streamText({
          model: languageModelFor,
          system,
          messages,
          tools,
          stopWhen: [
            stepCountIs(options.maxSteps),
            hasToolCall(INTEGRATION_TOOL),
            hasToolCall(COMMAND_TOOL),
            guard.stopWhen,
          ],
          onStepFinish: guard.onStepFinish,
          abortSignal: signal,
          maxRetries: 0,
          // Errors arrive as `error` chunks (handled below); the default handler would only log them.
          onError: () => {},
        });
        try {
          for await (const chunk of result.fullStream) await stream.handle(chunk);
        } catch (error) {
          stream.error ??= error;
        } finally {
          stream.dispose();
        }
        tokens = addTokens(tokens, stream.tokens);
        if (generation.stopped) {
          // stopped by the user: the message keeps what it has
        } else if (timeout.aborted) failure = timeoutFailure(where, options.timeoutMs);
        else if (stream.error) failure = describeFailure(stream.error, where);
        else if (stream.cutOff) failure = droppedFailure(where);
        else if (writer.finishReason === "tool-calls") {
          // waiting for the user
        } else if (guard.stopped) await stream.note(guard.stopped.message);
        else if (stream.wantedMore)
          await stream.note(
            `I stopped here: one answer may use at most ${options.maxSteps} model calls. Send a message to let me continue.`,
          );
      }
    }
  } catch (error) {
    if (timeout.aborted && !generation.stopped) failure = timeoutFailure(where, options.timeoutMs);
    else if (!generation.stopped && input.message.kind === "context-summary") failure = describeFailure(error, where);
    else if (!generation.stopped) {
      writer.closeOpenParts();
      writer.internalError(error);
    }
  }

  await titling;
  writer.closeOpenParts();
  if (failure) writer.fail(failure.message, failure.code);
  // Files written before a failure stay: the version is completed with them.
  await writer.finish(modelUsage(model, tokens, options), writer.version.opened ? "completed" : undefined);
}

/** Estimated tokens of a summary as the model reads it. */
const summaryTokens = (summary: ContextSummary) => tokensOfChars(charsOf([summaryNote(summary)]));

/**
 * The conversation the model reads: the latest summary and the messages after it; when that and the system prompt
 * pass the line of the window, the older messages are summarised first (the part that shows it is added through
 * `shown`) and only the newest are read in full. A failed summary leaves the older messages out instead (said in
 * place of them); a stop or time-out ends the answer.
 */
async function readableHistory(input: {
  history: ContextHistory;
  attached?: { messageId: string; content: UserContent };
  signal: AbortSignal;
  window: number;
  systemTokens: number;
  summarise: (older: ContextHistory["messages"]) => Promise<ContextSummary>;
  shown: (part: (at: string) => ReturnType<typeof summaryPart>) => Promise<void>;
}): Promise<ModelMessage[]> {
  const { history, attached, window, systemTokens } = input;
  const chars = messageChars(window);
  const read = (rows: ContextHistory["messages"], summary: Pick<ContextSummary, "text" | "summarised"> | null) => [
    ...(summary ? [summaryNote(summary)] : []),
    ...historyMessages(rows, attached, chars),
  ];
  const all = read(history.messages, history.summary);
  const historyTokens = tokensOfChars(charsOf(all));
  if (!overCompactLine({ window, system: systemTokens, history: historyTokens, prompt: 0 })) return all;
  const { older, kept } = splitForSummary(history.messages, window, (m) =>
    charsOf(historyMessages([m], attached, chars)),
  );
  if (!older.length) return all;
  try {
    const summary = await input.summarise(older);
    const after = read(kept, summary);
    await input.shown((at) =>
      summaryPart(
        {
          ...summary,
          tokensBefore: systemTokens + historyTokens,
          tokensAfter: systemTokens + tokensOfChars(charsOf(after)),
        },
        at,
      ),
    );
    return after;
  } catch (error) {
    if (input.signal.aborted) throw error;
    console.warn("[embedded] could not summarise the earlier messages; they are left out", error);
    return [
      { role: "user", content: `[${older.length} earlier messages of this chat are left out: they no longer fit.]` },
      ...read(kept, history.summary),
    ];
  }
}
