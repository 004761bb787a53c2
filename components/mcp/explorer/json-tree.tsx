import type { ReactNode } from "react";

/**
 * Structured content as a tree: objects and arrays open and close (native <details>), leaves show their value typed
 * by colour. Deep values start closed beyond the second level.
 */

function Leaf({ value }: { value: unknown }) {
  if (value === null) return <span className="text-muted-foreground">null</span>;
  if (typeof value === "string") return <span className="break-all text-success">{JSON.stringify(value)}</span>;
  if (typeof value === "number") return <span className="text-primary">{String(value)}</span>;
  if (typeof value === "boolean") return <span className="font-semibold text-primary">{String(value)}</span>;
  return <span>{String(value)}</span>;
}

function Node({ name, value, depth }: { name: ReactNode; value: unknown; depth: number }) {
  if (value === null || typeof value !== "object") {
    return (
      <li className="pl-4">
        <span className="text-muted-foreground">{name}: </span>
        <Leaf value={value} />
      </li>
    );
  }
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  const shape = Array.isArray(value) ? `[${entries.length}]` : `{${entries.length}}`;
  return (
    <li>
      <details open={depth < 2} className="group">
        <summary className="cursor-pointer list-none pl-4 select-none [&::-webkit-details-marker]:hidden">
          <span className="-ml-4 inline-block w-4 text-muted-foreground group-open:rotate-90" aria-hidden>
            ›
          </span>
          <span className="text-muted-foreground">{name}</span>{" "}
          <span className="text-muted-foreground/70">{shape}</span>
        </summary>
        <ul className="ml-2 border-l border-border pl-2">
          {entries.map(([k, v]) => (
            <Node key={k} name={k} value={v} depth={depth + 1} />
          ))}
        </ul>
      </details>
    </li>
  );
}

export function JsonTree({ value, label }: { value: unknown; label: string }) {
  return (
    <ul className="overflow-auto rounded-md bg-muted px-2 py-2 font-mono text-xs leading-relaxed" aria-label={label}>
      <Node name="structuredContent" value={value} depth={0} />
    </ul>
  );
}
