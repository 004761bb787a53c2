import "server-only";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModel } from "ai";
import type { ModelId } from "@/lib/api";
import { agentApiFetch } from "../outbound/agent-api";
import type { SandboxSettingsInput } from "../sandbox";

type ServiceModelId = Exclude<ModelId, "svc-auto">;

/**
 * The model-backed agent's settings (the AGENT_* variables, docs/configuration.md; the dashboard's config reads them
 * and the wiring passes them here). Without them the embedded service's agent is the scripted one.
 */
export interface ModelAgentOptions {
  /** An OpenAI-compatible API base, e.g. http://127.0.0.1:11434/v1 (Ollama). */
  baseUrl: string;
  /** The model name for any service model id `models` does not map; null: only the mapped ids answer. */
  model: string | null;
  /** Service model id → model name. */
  models: Partial<Record<ServiceModelId, string>>;
  /** Bearer key for the API. */
  apiKey: string | null;
  /** Credits per million tokens; null: usage costs 0 credits. */
  creditsPerMTok: { input: number; output: number; cacheRead: number; cacheWrite: number } | null;
  /** Commands through the permission flow: the agent may ask to run one; approved, it runs in the sandbox. */
  allowCommands: boolean;
  /** Where approved commands run (the AGENT_COMMAND_* variables; docs/sandbox.md); defaults for what is left out. */
  commandSandbox?: SandboxSettingsInput;
  /** The server's own ports (PORT, PREVIEW_PORT): a command's proxy never reaches them. */
  ownPorts?: readonly number[];
  /** Chats' apps run in the preview (the app runtime is on): the prompt says what runs instead of "no npm packages". */
  appsRun?: boolean;
  /** Time limit of one answer (all its model calls and tools), ms. */
  timeoutMs: number;
  /** Model calls in one answer (each round of tool calls is one). */
  maxSteps: number;
  /** Context windows in tokens by service model id (AGENT_MODELS' `#window`); unset: `window`. */
  windows?: Partial<Record<ServiceModelId, number>>;
  /** The window of AGENT_MODEL (its `#window`); default DEFAULT_WINDOW. */
  window?: number | null;
  /** AGENT_MAX_CREDITS_PER_ANSWER: an answer stops before its next model call once it has used this many credits. */
  maxCreditsPerAnswer?: number | null;
  /** AGENT_STUCK_REPEATS: the same thing this many times in one answer and it stops (model-agent/stuck.ts); default 3. */
  stuckRepeats?: number;
}

/** The context window of a model given none (AGENT_MODELS' `#window`), in tokens: a small local model's. */
const DEFAULT_WINDOW = 32_768;

/** The context window of the model that answers a service model id. */
export function windowFor(opts: ModelAgentOptions, id: ServiceModelId): number {
  if (opts.models[id]) return opts.windows?.[id] ?? DEFAULT_WINDOW;
  return opts.window ?? DEFAULT_WINDOW;
}

/** The model name for a chat's service model id, or null when none is configured for it. */
export function modelNameFor(opts: ModelAgentOptions, id: ServiceModelId): string | null {
  return opts.models[id] ?? opts.model;
}

/** The AI SDK model for a model name at the configured API (usage reported on streams). */
export function languageModel(opts: ModelAgentOptions, name: string): LanguageModel {
  const provider = createOpenAICompatible({
    name: "atelier-agent",
    baseURL: opts.baseUrl,
    // The operator's own URL: the outbound guard's one marked exception (outbound/agent-api.ts).
    fetch: agentApiFetch(opts.baseUrl),
    ...(opts.apiKey ? { apiKey: opts.apiKey } : {}),
    includeUsage: true,
  });
  return provider.chatModel(name);
}

/** "qwen2.5-coder:7b at 127.0.0.1:11434": which model answers, for messages. */
export function describeModel(opts: ModelAgentOptions, name: string): string {
  let host = opts.baseUrl;
  try {
    host = new URL(opts.baseUrl).host;
  } catch {
    // keep the raw base
  }
  return `${name} at ${host}`;
}
