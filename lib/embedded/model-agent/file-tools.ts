import "server-only";
import { tool, type ToolSet } from "ai";
import { z } from "zod";
import type { KnownPart } from "@/lib/api";
import type { FileOutcome, ProjectFiles } from "./project-files";

/** The part each finished tool call shows, by tool call id (set by the tool, read when its result streams by). */
export type ToolParts = Map<string, KnownPart>;

/** Asks the user to connect integrations (interface.md Part 3): the chat waits for the answer. */
export const INTEGRATION_TOOL = "request_integration";
/** Asks the user's permission to run a command (AGENT_ALLOW_COMMANDS=1): the chat waits for the answer. */
export const COMMAND_TOOL = "run_command";

/**
 * The project tools the model gets: list/read (→ file-read), search (→ search, scope repo), write/edit/rename/delete
 * (→ file-edit; the chat's files and the message's version change), and the integration request.
 */
export function fileTools(files: ProjectFiles, parts: ToolParts, allowCommands = false): ToolSet {
  const run =
    <I>(fn: (input: I) => Promise<FileOutcome>) =>
    async (input: I, { toolCallId }: { toolCallId: string }) => {
      const outcome = await fn(input);
      if (outcome.part) parts.set(toolCallId, outcome.part);
      return outcome.result;
    };
  const commands: ToolSet = allowCommands
    ? {
        [COMMAND_TOOL]: tool({
          description:
            "Run a shell command (e.g. node --check app.js, a test script) in a temporary copy of the project's files. The user must approve it first: the chat waits for the answer, so stop after calling it; once approved it runs and you get its output.",
          inputSchema: z.object({ command: z.string() }),
          execute: async ({ command }) =>
            `Asked the user's permission to run \`${command}\`. It runs once approved and you then get its output; stop now.`,
        }),
      }
    : {};
  return {
    ...commands,
    list_files: tool({
      description: "List the project's files with their sizes (and which are binary or locked).",
      inputSchema: z.object({ prefix: z.string().optional().describe("only files whose path starts with this") }),
      execute: run(({ prefix }) => files.list(prefix)),
    }),
    read_file: tool({
      description: "Read a file of the project.",
      inputSchema: z.object({ path: z.string().describe('relative path, e.g. "index.html"') }),
      execute: run(({ path }) => files.read(path)),
    }),
    search_files: tool({
      description: "Search the project's text files line by line; answers path:line: text for each match.",
      inputSchema: z.object({
        query: z.string(),
        regex: z.boolean().optional().describe("treat the query as a regular expression (case-insensitive)"),
      }),
      execute: run(({ query, regex }) => files.search(query, regex ?? false)),
    }),
    write_file: tool({
      description: "Create a file or replace its whole content.",
      inputSchema: z.object({ path: z.string(), content: z.string() }),
      execute: run(({ path, content }) => files.write(path, content)),
    }),
    edit_file: tool({
      description:
        "Change part of a file: replace the exact text `search` (it must occur once, unless replaceAll) with `replace`.",
      inputSchema: z.object({
        path: z.string(),
        search: z.string(),
        replace: z.string(),
        replaceAll: z.boolean().optional(),
      }),
      execute: run(({ path, search, replace, replaceAll }) => files.edit(path, search, replace, replaceAll ?? false)),
    }),
    rename_file: tool({
      description: "Rename or move a file.",
      inputSchema: z.object({ from: z.string(), to: z.string() }),
      execute: run(({ from, to }) => files.rename(from, to)),
    }),
    delete_file: tool({
      description: "Delete a file.",
      inputSchema: z.object({ path: z.string() }),
      execute: run(({ path }) => files.delete(path)),
    }),
    [INTEGRATION_TOOL]: tool({
      description:
        "Ask the user to connect integrations the app needs (e.g. Supabase, Stripe, Neon) or MCP presets. The chat then waits for the user; stop after calling it.",
      inputSchema: z.object({
        integrations: z.array(z.string()).describe('integration names, e.g. ["Stripe"]'),
        mcpPresets: z.array(z.string()).optional().describe('MCP server presets, e.g. ["Linear"]'),
      }),
      execute: async ({ integrations, mcpPresets }) => {
        const names = [...integrations, ...(mcpPresets ?? [])];
        if (!names.length) return "Refused: name at least one integration or MCP preset.";
        return `Asked the user to connect ${names.join(", ")}. The chat continues once the user answers; stop now.`;
      },
    }),
  };
}
