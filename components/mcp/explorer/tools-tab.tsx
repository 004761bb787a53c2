"use client";

import { History, RotateCcw, Wrench } from "lucide-react";
import { useState } from "react";
import type { McpToolInfo, McpToolResult } from "@/lib/api/schemas";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";
import { RelativeTime } from "@/components/ui/relative-time";
import { Skeleton } from "@/components/ui/skeleton";
import { useCallMcpTool, useMcpTools } from "@/lib/hooks/use-mcp-explorer";
import { useToolHistory, type ToolCallRecord } from "@/lib/hooks/use-tool-history";
import { ExplorerList, ItemDescription } from "./explorer-list";
import { ExplorerUnavailable } from "./explorer-unavailable";
import { ToolForm } from "./tool-form";
import { ToolResult } from "./tool-result";

type Args = Record<string, unknown>;

/** The Tools tab: the server's tools; the selected one's form, Run, its result; this browser's last calls. */
export function ToolsTab({ mcpServerId }: { mcpServerId: string }) {
  const tools = useMcpTools(mcpServerId);
  const call = useCallMcpTool(mcpServerId);
  const history = useToolHistory(mcpServerId);
  const [selected, setSelected] = useState<string | null>(null);
  const [args, setArgs] = useState<Args>({});
  const [last, setLast] = useState<{ tool: string; result: McpToolResult } | null>(null);

  if (tools.isPending) return <Skeleton className="h-40" />;
  if (tools.error) return <ExplorerUnavailable error={tools.error} what="tools" onRetry={() => void tools.refetch()} />;
  const list = tools.data.tools;
  if (!list.length)
    return (
      <EmptyState icon={Wrench} title="No tools">
        The server offers no tools.
      </EmptyState>
    );
  const tool = list.find((t) => t.name === selected) ?? null;

  const select = (t: McpToolInfo, withArgs: Args = {}) => {
    setSelected(t.name);
    setArgs(withArgs);
    call.reset();
  };
  const run = (name: string, runArgs: Args) => {
    setLast(null);
    call.mutate(
      { name, arguments: runArgs },
      {
        onSuccess: (result) => {
          setLast({ tool: name, result });
          history.add({ tool: name, arguments: runArgs, outcome: result.isError ? "error" : "ok" });
        },
        onError: () => history.add({ tool: name, arguments: runArgs, outcome: "failed" }),
      },
    );
  };
  const rerun = (entry: ToolCallRecord) => {
    const t = list.find((x) => x.name === entry.tool);
    if (!t) return;
    select(t, entry.arguments);
    run(entry.tool, entry.arguments);
  };

  return (
    <div className="grid gap-4 md:grid-cols-[14rem_1fr]">
      <ExplorerList
        label="Tools"
        items={list}
        keyOf={(t) => t.name}
        selected={selected}
        onSelect={(t) => select(t)}
        render={(t) => (
          <>
            <span className="block truncate font-mono text-sm">{t.name}</span>
            <ItemDescription text={t.description} />
          </>
        )}
      />
      <div className="min-w-0 space-y-4">
        {tool ? (
          <section aria-label={`Tool ${tool.name}`} className="space-y-3 rounded-lg border border-border bg-card p-4">
            <header className="space-y-1">
              <h3 className="font-medium">
                {tool.title ?? tool.name} <code className="font-mono text-xs text-muted-foreground">{tool.name}</code>
              </h3>
              {tool.description ? <p className="text-sm text-muted-foreground">{tool.description}</p> : null}
              <Annotations tool={tool} />
            </header>
            <ToolForm
              key={tool.name}
              tool={tool}
              args={args}
              onArgsChange={setArgs}
              onRun={(a) => run(tool.name, a)}
              running={call.isPending}
            />
          </section>
        ) : (
          <p className="text-sm text-muted-foreground">Choose a tool to see its arguments and run it.</p>
        )}
        {call.error ? <ErrorPanel error={call.error} title="The call failed" /> : null}
        {last ? <ToolResult result={last.result} tool={last.tool} /> : null}
        <CallHistory entries={history.entries} onRerun={rerun} onClear={history.clear} known={list} />
      </div>
    </div>
  );
}

function Annotations({ tool }: { tool: McpToolInfo }) {
  const hints = Object.entries(tool.annotations ?? {}).filter(([k, v]) => k.endsWith("Hint") && v === true);
  if (!hints.length) return null;
  return (
    <p className="flex flex-wrap gap-1">
      {hints.map(([k]) => (
        <span key={k} className="rounded bg-muted px-1.5 text-xs text-muted-foreground">
          {k.replace(/Hint$/, "")}
        </span>
      ))}
    </p>
  );
}

const OUTCOME = { ok: "ok", error: "error result", failed: "failed" } as const;

function CallHistory({
  entries,
  onRerun,
  onClear,
  known,
}: {
  entries: ToolCallRecord[];
  onRerun: (entry: ToolCallRecord) => void;
  onClear: () => void;
  known: McpToolInfo[];
}) {
  if (!entries.length) return null;
  return (
    <section aria-labelledby="mcp-tool-history" className="space-y-2">
      <div className="flex items-center gap-2">
        <h3 id="mcp-tool-history" className="flex items-center gap-1.5 text-sm font-medium text-muted-foreground">
          <History className="size-4" aria-hidden />
          Your last calls (this browser)
        </h3>
        <Button size="sm" variant="ghost" onClick={onClear} className="ml-auto">
          Clear
        </Button>
      </div>
      <ol className="divide-y divide-border rounded-lg border border-border bg-card">
        {entries.map((e) => (
          <li key={e.id} className="flex items-center gap-2 px-3 py-1.5 text-sm" data-testid="mcp-tool-history-entry">
            <code className="font-mono">{e.tool}</code>
            <code
              className="min-w-0 flex-1 truncate font-mono text-xs text-muted-foreground"
              title={JSON.stringify(e.arguments)}
            >
              {JSON.stringify(e.arguments)}
            </code>
            <span className={cn("text-xs", e.outcome === "ok" ? "text-muted-foreground" : "text-danger")}>
              {OUTCOME[e.outcome]}
            </span>
            <span className="text-xs text-muted-foreground">
              <RelativeTime iso={e.at} />
            </span>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => onRerun(e)}
              disabled={!known.some((t) => t.name === e.tool)}
              aria-label={`Run ${e.tool} again with these arguments`}
            >
              <RotateCcw className="size-3.5" aria-hidden />
              Re-run
            </Button>
          </li>
        ))}
      </ol>
    </section>
  );
}
