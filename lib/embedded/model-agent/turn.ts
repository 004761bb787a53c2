import "server-only";
import { hasToolCall, stepCountIs, streamText } from "ai";
import { MessageWriter, type MessageWriterInput } from "../generation/message-writer";
import { effectiveModel } from "../generation/usage";
import type { McpConnections } from "../mcp/connections";
import * as filesStore from "../files/store";
import * as messagesStore from "../messages/store";
import { iso } from "../time";
import { describeFailure, droppedFailure, timeoutFailure, type Failure } from "./failures";
import { outcomeOf } from "../approvals/requests";
import { runApprovedCommand } from "./approved-command";
import { COMMAND_TOOL, fileTools, INTEGRATION_TOOL, type ToolParts } from "./file-tools";
import { mcpTools } from "./mcp-tools";
import { projectEnvironment } from "../projects/env-vars";
import { describeModel, languageModel, modelNameFor, type ModelAgentOptions } from "./options";
import { HISTORY_MESSAGES, handEditsSince, historyMessages, systemPrompt } from "./prompt";
import { promptWithAttachments } from "./attachments";
import { ProjectFiles } from "./project-files";
import { StreamParts } from "./stream-parts";
import { modelTitle } from "./title";
import { addTokens, modelUsage, NO_TOKENS } from "./usage";

interface ModelTurnInput extends MessageWriterInput {
  options: ModelAgentOptions;
  /** MCP connections: the chat's attached, connected servers' tools are offered to the model. */
  mcp?: McpConnections;
}

/**
 * One assistant message answered by the model (OpenAI-compatible API, AI SDK `streamText` with tools, a step limit
 * and a time limit): the model reads our system prompt, the chat's own, its file names and the last messages; its
 * stream becomes the message's parts as it happens (stream-parts.ts). Always finishes the message: "stop", "tool-calls"
 * (it asked for integrations: the chat waits), or "error" with an `error` event (API unreachable, HTTP error, dropped
 * stream, time-out); files written before a failure stay, in the message's version. A stop aborts the model call and
 * keeps what the message has.
 */
export async function runModelTurn(input: ModelTurnInput): Promise<void> {
  const { db, chat, generation, options } = input;
  const writer = new MessageWriter(input);
  const model = effectiveModel(chat.modelId);
  const name = modelNameFor(options, model);
  const where = name ? describeModel(options, name) : options.baseUrl;
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = AbortSignal.any([generation.stopSignal, timeout]);
  const toolParts: ToolParts = new Map();
  let tokens = NO_TOKENS;
  let titling: Promise<void> = Promise.resolve();
  let failure: Failure | null = null;

  try {
    if (!name) {
      failure = {
        code: "model_not_configured",
        message: `No model is configured for ${model}: set AGENT_MODEL, or map ${model} in AGENT_MODELS.`,
      };
    } else {
      const languageModelFor = languageModel(options, name);
      const [earlierDesc, files, env] = await Promise.all([
        messagesStore.listMessages(db, chat.id, { limit: HISTORY_MESSAGES, beforeSeq: input.message.seq }),
        filesStore.listFiles(db, chat.id),
        chat.projectId && input.mcp ? projectEnvironment(db, input.mcp.secrets, chat.projectId) : {},
      ]);
      const earlier = earlierDesc.reverse();
      const prompt = earlier.findLast((m) => m.role === "user")?.content ?? "";
      if (chat.title === null && prompt) {
        titling = modelTitle(languageModelFor, prompt, signal)
          .then(async (t) => {
            tokens = addTokens(tokens, t.tokens);
            await writer.setTitle(t.title);
          })
          .catch((error: unknown) => console.error("[embedded] could not store the title", error));
      }
      const asked = earlier.findLast((m) => m.role === "user");
      const attached = asked ? await promptWithAttachments(db, asked) : null;
      const messages = historyMessages(earlier, attached ? { messageId: asked!.id, content: attached } : undefined);
      // After the user approved a command: run it first, then the model goes on from its output.
      const last = earlier.at(-1);
      const outcome = last ? outcomeOf(last) : null;
      if (outcome?.kind === "permissions" && outcome.approved) {
        const note = await runApprovedCommand({
          writer,
          command: outcome.command,
          files,
          allowed: options.allowCommands,
          env,
          signal,
        });
        messages.push({ role: "user", content: note });
      }
      const project = new ProjectFiles(db, chat.id, writer, signal);
      const own = fileTools(project, toolParts, options.allowCommands);
      const external = await mcpTools(input.mcp, chat, new Set(Object.keys(own)), toolParts);
      const stream = new StreamParts(writer, toolParts, external.running);
      if (external.listing) {
        const at = iso(writer.now());
        writer.append({ ...external.listing, startedAt: at, finishedAt: at });
        await writer.persist();
      }
      const result = streamText({
        model: languageModelFor,
        system: systemPrompt(files, chat.settings.systemPrompt, Object.keys(env), handEditsSince(earlier)),
        messages,
        tools: { ...external.tools, ...own },
        stopWhen: [stepCountIs(options.maxSteps), hasToolCall(INTEGRATION_TOOL), hasToolCall(COMMAND_TOOL)],
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
      else if (stream.wantedMore && writer.finishReason !== "tool-calls")
        await stream.note(
          `I stopped here: one answer may use at most ${options.maxSteps} model calls. Send a message to let me continue.`,
        );
    }
  } catch (error) {
    if (timeout.aborted && !generation.stopped) failure = timeoutFailure(where, options.timeoutMs);
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
