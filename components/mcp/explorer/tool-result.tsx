import { TriangleAlert } from "lucide-react";
import type { McpToolResult } from "@/lib/api/schemas";
import { cn } from "@/components/ui/cn";
import { ContentBlock } from "./content-block";
import { JsonTree } from "./json-tree";

/** A tool's result: its content blocks by type, structured content as a tree, `isError` in red. */
export function ToolResult({ result, tool }: { result: McpToolResult; tool: string }) {
  return (
    <section
      aria-label={`Result of ${tool}`}
      data-testid="mcp-tool-result"
      data-error={result.isError}
      className={cn(
        "space-y-3 rounded-lg border p-3",
        result.isError ? "border-danger-border bg-danger-muted" : "border-border bg-card",
      )}
    >
      {result.isError ? (
        <p className="flex items-center gap-1.5 text-sm font-medium text-danger">
          <TriangleAlert className="size-4" aria-hidden />
          The tool answered with an error
        </p>
      ) : null}
      {result.content.length ? (
        <ul className={cn("space-y-2", result.isError && "text-danger")}>
          {result.content.map((block, i) => (
            <li key={i}>
              <ContentBlock block={block} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No content.</p>
      )}
      {result.structuredContent !== undefined ? (
        <div className="space-y-1">
          <h4 className="text-xs font-medium text-muted-foreground">Structured content</h4>
          <JsonTree value={result.structuredContent} label="Structured content" />
        </div>
      ) : null}
    </section>
  );
}
