"use client";

import { MessageSquare } from "lucide-react";
import { useState } from "react";
import type { McpPromptInfo } from "@/lib/api/schemas";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Skeleton } from "@/components/ui/skeleton";
import { inputClass } from "@/components/ui/text-field";
import { useGetMcpPrompt, useMcpPrompts } from "@/lib/hooks/use-mcp-explorer";
import { ContentBlock } from "./content-block";
import { ExplorerList, ItemDescription } from "./explorer-list";
import { ExplorerUnavailable } from "./explorer-unavailable";

/** The Prompts tab: the server's prompts; the chosen one's arguments (strings) and its messages. */
export function PromptsTab({ mcpServerId }: { mcpServerId: string }) {
  const prompts = useMcpPrompts(mcpServerId, true);
  const [selected, setSelected] = useState<string | null>(null);

  if (prompts.isPending) return <Skeleton className="h-40" />;
  if (prompts.error)
    return <ExplorerUnavailable error={prompts.error} what="prompts" onRetry={() => void prompts.refetch()} />;
  const list = prompts.data.prompts;
  if (!list.length)
    return (
      <EmptyState icon={MessageSquare} title="No prompts">
        The server offers no prompts.
      </EmptyState>
    );
  const prompt = list.find((p) => p.name === selected);
  return (
    <div className="grid gap-4 md:grid-cols-[14rem_1fr]">
      <ExplorerList
        label="Prompts"
        items={list}
        keyOf={(p) => p.name}
        selected={selected}
        onSelect={(p) => setSelected(p.name)}
        render={(p) => (
          <>
            <span className="block truncate font-mono text-sm">{p.name}</span>
            <ItemDescription text={p.description} />
          </>
        )}
      />
      <div className="min-w-0">
        {prompt ? (
          <PromptPanel key={prompt.name} mcpServerId={mcpServerId} prompt={prompt} />
        ) : (
          <p className="text-sm text-muted-foreground">Choose a prompt to fill in its arguments.</p>
        )}
      </div>
    </div>
  );
}

function PromptPanel({ mcpServerId, prompt }: { mcpServerId: string; prompt: McpPromptInfo }) {
  const get = useGetMcpPrompt(mcpServerId);
  const [values, setValues] = useState<Record<string, string>>({});
  return (
    <div className="space-y-3">
      <form
        className="space-y-3 rounded-lg border border-border bg-card p-4"
        onSubmit={(e) => {
          e.preventDefault();
          const args = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ""));
          get.mutate({ name: prompt.name, arguments: args });
        }}
      >
        <h3 className="font-medium">{prompt.title ?? prompt.name}</h3>
        {prompt.description ? <p className="text-sm text-muted-foreground">{prompt.description}</p> : null}
        {(prompt.arguments ?? []).map((a) => (
          <div key={a.name} className="space-y-1">
            <label htmlFor={`prompt-${prompt.name}-${a.name}`} className="text-sm font-medium">
              {a.name}
              {a.required ? null : <span className="font-normal text-muted-foreground"> (optional)</span>}
            </label>
            {a.description ? <p className="text-xs text-muted-foreground">{a.description}</p> : null}
            <textarea
              id={`prompt-${prompt.name}-${a.name}`}
              rows={2}
              required={a.required}
              value={values[a.name] ?? ""}
              onChange={(e) => setValues({ ...values, [a.name]: e.target.value })}
              className={cn(inputClass, "h-auto py-2 font-mono text-xs")}
            />
          </div>
        ))}
        <Button type="submit" size="sm" variant="primary" disabled={get.isPending}>
          {get.isPending ? "Getting…" : "Get prompt"}
        </Button>
      </form>
      {get.error ? <ErrorPanel error={get.error} title="The prompt could not be got" /> : null}
      {get.data ? (
        <section aria-label="Prompt messages" className="space-y-2">
          {get.data.description ? <p className="text-sm text-muted-foreground">{get.data.description}</p> : null}
          <ol className="space-y-2">
            {get.data.messages.map((m, i) => (
              <li key={i} className="space-y-1 rounded-lg border border-border bg-card p-3">
                <p className="text-xs font-medium text-muted-foreground uppercase">{m.role}</p>
                <ContentBlock block={m.content} />
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  );
}
