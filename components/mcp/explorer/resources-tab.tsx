"use client";

import { FileText } from "lucide-react";
import { useState } from "react";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Skeleton } from "@/components/ui/skeleton";
import { useMcpResources, useReadMcpResource } from "@/lib/hooks/use-mcp-explorer";
import { ContentBlock } from "./content-block";
import { ExplorerList, ItemDescription } from "./explorer-list";
import { ExplorerUnavailable } from "./explorer-unavailable";

/** The Resources tab: the server's resources; choosing one reads it. */
export function ResourcesTab({ mcpServerId }: { mcpServerId: string }) {
  const resources = useMcpResources(mcpServerId, true);
  const read = useReadMcpResource(mcpServerId);
  const [selected, setSelected] = useState<string | null>(null);

  if (resources.isPending) return <Skeleton className="h-40" />;
  if (resources.error)
    return <ExplorerUnavailable error={resources.error} what="resources" onRetry={() => void resources.refetch()} />;
  const list = resources.data.resources;
  if (!list.length)
    return (
      <EmptyState icon={FileText} title="No resources">
        The server offers no resources.
      </EmptyState>
    );
  return (
    <div className="grid gap-4 md:grid-cols-[14rem_1fr]">
      <ExplorerList
        label="Resources"
        items={list}
        keyOf={(r) => r.uri}
        selected={selected}
        onSelect={(r) => {
          setSelected(r.uri);
          read.mutate(r.uri);
        }}
        render={(r) => (
          <>
            <span className="block truncate text-sm font-medium">{r.title ?? r.name}</span>
            <code className="block truncate font-mono text-xs text-muted-foreground">{r.uri}</code>
            <ItemDescription text={r.description} />
          </>
        )}
      />
      <div className="min-w-0 space-y-3">
        {!selected ? <p className="text-sm text-muted-foreground">Choose a resource to read it.</p> : null}
        {read.isPending ? <Skeleton className="h-24" /> : null}
        {read.error ? <ErrorPanel error={read.error} title="The resource could not be read" /> : null}
        {read.data ? (
          <ul aria-label={`Contents of ${selected}`} className="space-y-2">
            {read.data.contents.map((c, i) => (
              <li key={i} className="space-y-1 rounded-lg border border-border bg-card p-3">
                <p className="text-xs text-muted-foreground">
                  <code className="font-mono">{c.uri}</code> {c.mimeType ? `(${c.mimeType})` : null}
                </p>
                {c.text !== undefined ? (
                  <pre className="max-h-96 overflow-auto font-mono text-xs whitespace-pre-wrap">{c.text}</pre>
                ) : (
                  <ContentBlock
                    block={{
                      type: c.mimeType?.startsWith("image/") ? "image" : "blob",
                      data: c.blob,
                      mimeType: c.mimeType,
                    }}
                  />
                )}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
