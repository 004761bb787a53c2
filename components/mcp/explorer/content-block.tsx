import { FileText, Link2 } from "lucide-react";
import type { McpContentBlock } from "@/lib/api/schemas";

/**
 * One MCP content block as its type says: text as text, an image as an image (only image/* types, from its base64
 * data), audio as a player, a resource link by its name and URI, an embedded resource's text; anything else as JSON.
 */

const str = (v: unknown) => (typeof v === "string" ? v : undefined);
/** base64 only (no quotes, no URL syntax), so a data URL built from it is exactly an image. */
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

function dataUrl(mime: string | undefined, data: string | undefined, kind: "image" | "audio"): string | null {
  if (!mime || !data || !mime.startsWith(`${kind}/`) || !/^[\w.+-]+\/[\w.+-]+$/.test(mime) || !BASE64.test(data))
    return null;
  return `data:${mime};base64,${data}`;
}

export function ContentBlock({ block }: { block: McpContentBlock }) {
  const b = block as Record<string, unknown>;
  switch (block.type) {
    case "text":
      return <pre className="font-mono text-xs break-words whitespace-pre-wrap">{str(b.text)}</pre>;
    case "image": {
      const src = dataUrl(str(b.mimeType), str(b.data), "image");
      return src ? (
        // eslint-disable-next-line @next/next/no-img-element -- a data URL from the tool's answer, not an asset
        <img
          src={src}
          alt={`Image from the tool (${str(b.mimeType)})`}
          className="max-h-64 max-w-full rounded border border-border"
        />
      ) : (
        <p className="text-xs text-muted-foreground">
          An image the dashboard cannot show ({str(b.mimeType) ?? "no type"}).
        </p>
      );
    }
    case "audio": {
      const src = dataUrl(str(b.mimeType), str(b.data), "audio");
      return src ? (
        <audio controls src={src} className="max-w-full" />
      ) : (
        <p className="text-xs text-muted-foreground">Audio ({str(b.mimeType) ?? "no type"}).</p>
      );
    }
    case "resource_link":
      return (
        <p className="flex min-w-0 items-center gap-1.5 text-sm">
          <Link2 className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
          <span className="font-medium">{str(b.title) ?? str(b.name)}</span>
          <code className="truncate font-mono text-xs text-muted-foreground" title={str(b.uri)}>
            {str(b.uri)}
          </code>
          {str(b.mimeType) ? <span className="text-xs text-muted-foreground">({str(b.mimeType)})</span> : null}
        </p>
      );
    case "resource": {
      const resource = (b.resource ?? {}) as Record<string, unknown>;
      return (
        <div className="space-y-1">
          <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
            <FileText className="size-3.5" aria-hidden />
            <code className="font-mono">{str(resource.uri)}</code>
          </p>
          {str(resource.text) !== undefined ? (
            <pre className="max-h-64 overflow-auto font-mono text-xs whitespace-pre-wrap">{str(resource.text)}</pre>
          ) : (
            <p className="text-xs text-muted-foreground">Binary content ({str(resource.mimeType) ?? "no type"}).</p>
          )}
        </div>
      );
    }
    default:
      return <pre className="font-mono text-xs whitespace-pre-wrap">{JSON.stringify(block, null, 2)}</pre>;
  }
}
