import "server-only";
import type { Agent } from "../generation/agent";
import type { McpConnections } from "../mcp/connections";
import { createSandbox } from "../sandbox";
import type { ModelAgentOptions } from "./options";

/**
 * The model-backed agent: each assistant message answered by the model (turn.ts). It checks nothing beforehand (its
 * file tools refuse what breaks the interface.md Part 8 limits instead). Its code, the AI SDK with it, loads on its
 * first answer: a server with the scripted agent never holds it.
 */
export function modelAgent(options: ModelAgentOptions, mcp?: McpConnections): Agent {
  const sandbox = options.allowCommands ? createSandbox(options.commandSandbox, { ownPorts: options.ownPorts }) : null;
  return {
    preflight: async () => {},
    async run(run) {
      const { runModelTurn } = await import("./turn");
      return runModelTurn({ ...run, options, mcp, sandbox });
    },
    async context(input) {
      const { modelContext } = await import("./context");
      return modelContext(options, input);
    },
  };
}
