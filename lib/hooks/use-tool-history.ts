"use client";

import { useCallback, useMemo } from "react";
import { z } from "zod";
import { useLocalStorage } from "./use-local-storage";

/**
 * This browser's last HISTORY_LIMIT tool calls of one MCP server (the explorer's history, with re-run), newest first,
 * in localStorage. What cannot be read (an older shape, edited by hand) counts as no history.
 */

const HISTORY_LIMIT = 20;

const ToolCallRecord = z.object({
  id: z.string(),
  at: z.string(),
  tool: z.string(),
  arguments: z.record(z.string(), z.unknown()),
  /** The outcome: ok, the tool's error result, or the request failed. */
  outcome: z.enum(["ok", "error", "failed"]),
});
export type ToolCallRecord = z.infer<typeof ToolCallRecord>;

const History = z.array(ToolCallRecord);

function parse(raw: string | null): ToolCallRecord[] {
  if (!raw) return [];
  try {
    const parsed = History.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export function useToolHistory(mcpServerId: string) {
  const [raw, setRaw] = useLocalStorage(`atelier.mcp-tool-history.${mcpServerId}`);
  const entries = useMemo(() => parse(raw), [raw]);
  const add = useCallback(
    (entry: Omit<ToolCallRecord, "id" | "at">) => {
      const record = {
        ...entry,
        id: `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
        at: new Date().toISOString(),
      };
      setRaw(JSON.stringify([record, ...entries].slice(0, HISTORY_LIMIT)));
    },
    [entries, setRaw],
  );
  const clear = useCallback(() => setRaw(null), [setRaw]);
  return { entries, add, clear };
}
