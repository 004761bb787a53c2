import "server-only";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModel } from "ai";
import type { ModelId } from "@/lib/api";

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
  /** Commands through the permission flow (not implemented yet: the agent is offered no command tool). */
  allowCommands: boolean;
  /** Time limit of one answer (all its model calls and tools), ms. */
  timeoutMs: number;
  /** Model calls in one answer (each round of tool calls is one). */
  maxSteps: number;
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
