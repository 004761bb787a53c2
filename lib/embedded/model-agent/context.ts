import "server-only";
import type { ContextFigures, ContextInput } from "../context/figures";
import { tokensOfChars } from "../context/figures";
import { readHistory } from "../context/history";
import * as filesStore from "../files/store";
import * as envVarsStore from "../projects/store-env-vars";
import { fileTools } from "./file-tools";
import { charsOf, messageChars, summaryNote, toolsChars } from "./history";
import { windowFor, type ModelAgentOptions } from "./options";
import type { ProjectFiles } from "./project-files";
import { handEditsSince, historyMessages, systemPrompt } from "./prompt";

/** Characters of our own tools' definitions, by whether the command tool is offered (computed once). */
const ownToolsChars = new Map<boolean, Promise<number>>();

function ownTools(allowCommands: boolean): Promise<number> {
  let chars = ownToolsChars.get(allowCommands);
  if (!chars) {
    // Only the definitions are read: no tool runs, so no project is needed.
    chars = toolsChars(fileTools(null as unknown as ProjectFiles, new Map(), allowCommands));
    ownToolsChars.set(allowCommands, chars);
  }
  return chars;
}

/**
 * The model-backed agent's context meter: what its next answer's first call would carry (turn.ts builds the same
 * system prompt and history), estimated at 4 characters a token, against the model's window (AGENT_MODELS'
 * `#window`). The tools of the chat's MCP servers are not counted (listing them needs the servers).
 */
export async function modelContext(options: ModelAgentOptions, input: ContextInput): Promise<ContextFigures> {
  const { db, chat, prompt, model } = input;
  const window = windowFor(options, model);
  const history = await readHistory(db, chat.id, Number.POSITIVE_INFINITY);
  const files = await filesStore.listFiles(db, chat.id);
  const envNames = chat.projectId ? (await envVarsStore.listEnvVars(db, chat.projectId)).map((e) => e.key) : [];
  const system = systemPrompt(files, chat.settings.systemPrompt, envNames, handEditsSince(history.messages));
  const read = [
    ...(history.summary ? [summaryNote(history.summary)] : []),
    ...historyMessages(history.messages, undefined, messageChars(window)),
  ];
  return {
    window,
    system: tokensOfChars(system.length + (await ownTools(options.allowCommands))),
    history: tokensOfChars(charsOf(read)),
    prompt: tokensOfChars(prompt.length),
    messages: history.messages.length,
    summary: history.summary,
  };
}
