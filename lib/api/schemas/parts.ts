import { z } from "zod";
import { DateTime } from "./common";

/** Every part may carry startedAt and finishedAt. Parts are loose: the service may add fields. */
const timed = { startedAt: DateTime.optional(), finishedAt: DateTime.optional() };

export const SuggestedPermission = z.looseObject({
  type: z.literal("ALLOW_DYNAMIC_TOOL_STRICT"),
  toolName: z.string(),
  input: z.unknown().optional(),
  toolDisplayName: z.string().nullable().optional(),
  taskNameActive: z.string().nullable().optional(),
  taskNameComplete: z.string().nullable().optional(),
  userMessage: z.string().optional(),
});
export type SuggestedPermission = z.infer<typeof SuggestedPermission>;

export const TextPart = z.looseObject({ type: z.literal("text"), text: z.string(), ...timed });
export const ThinkingPart = z.looseObject({ type: z.literal("thinking"), text: z.string(), ...timed });
export const FileReadPart = z.looseObject({ type: z.literal("file-read"), paths: z.array(z.string()), ...timed });
const FileEditOperation = z.enum(["create", "update", "delete", "rename", "patch"]);
export const FileEditPart = z.looseObject({
  type: z.literal("file-edit"),
  operation: FileEditOperation,
  path: z.string(),
  toPath: z.string().optional(),
  ...timed,
});
export const SearchPart = z.looseObject({
  type: z.literal("search"),
  scope: z.enum(["repo", "web"]),
  query: z.string(),
  ...timed,
});
export const BashPart = z.looseObject({
  type: z.literal("bash"),
  command: z.string(),
  output: z.string().optional(),
  exitCode: z.number().int().nullable().optional(),
  isDangerous: z.boolean().optional(),
  timeoutMs: z.number().int().optional(),
  ...timed,
});
export const ToolCallPart = z.looseObject({
  type: z.literal("tool-call"),
  name: z.string(),
  toolDisplayName: z.string().nullable().optional(),
  input: z.unknown().optional(),
  output: z.unknown().optional(),
  status: z.enum(["ok", "error"]).optional(),
  suggestedPermissions: z.array(SuggestedPermission).optional(),
  ...timed,
});
/**
 * `data` is optional and `summary` a short sentence, as in the real service's document; its `data` shapes there:
 * a plan `{plan, summary?, path}`, questions `{questions: [...]}`, an integration request
 * `{requestedIntegrations, requestedMcpPresets}`, connector setup `{status: "setup-required" | "completed", …}`.
 */
export const AgentActionPart = z.looseObject({
  type: z.literal("agent-action"),
  name: z.string(),
  /** A short human sentence (the document requires it; optional for older records). */
  summary: z.string().optional(),
  /** The document's shapes: plan `{plan, summary?, path}`, questions, integration requests (both arrays), … */
  data: z
    .looseObject({
      requestedIntegrations: z.array(z.string()).optional(),
      requestedMcpPresets: z.array(z.string()).optional(),
    })
    .optional(),
  ...timed,
});

export const KNOWN_PART_TYPES = [
  "text",
  "thinking",
  "file-read",
  "file-edit",
  "search",
  "bash",
  "tool-call",
  "agent-action",
] as const;
export type KnownPartType = (typeof KNOWN_PART_TYPES)[number];

export const KnownPart = z.discriminatedUnion("type", [
  TextPart,
  ThinkingPart,
  FileReadPart,
  FileEditPart,
  SearchPart,
  BashPart,
  ToolCallPart,
  AgentActionPart,
]);
export type KnownPart = z.infer<typeof KnownPart>;

/** The spec says the union has members beyond those shown: any other `type` is kept as an opaque part. */
export const UnknownPart = z.looseObject({
  type: z.string().refine((t) => !(KNOWN_PART_TYPES as readonly string[]).includes(t), "known part type"),
  ...timed,
});
export type UnknownPart = z.infer<typeof UnknownPart>;

export const Part = z.union([KnownPart, UnknownPart]);
export type Part = z.infer<typeof Part>;

export type TextPart = z.infer<typeof TextPart>;
export type ThinkingPart = z.infer<typeof ThinkingPart>;
export type FileReadPart = z.infer<typeof FileReadPart>;
export type FileEditPart = z.infer<typeof FileEditPart>;
export type SearchPart = z.infer<typeof SearchPart>;
export type BashPart = z.infer<typeof BashPart>;
export type ToolCallPart = z.infer<typeof ToolCallPart>;
export type AgentActionPart = z.infer<typeof AgentActionPart>;
