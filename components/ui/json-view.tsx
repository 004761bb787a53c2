import { cn } from "./cn";

/** Pretty-printed JSON in monospace. */
export function JsonView({ value, className }: { value: unknown; className?: string }) {
  let text: string;
  try {
    text = value === undefined ? "undefined" : JSON.stringify(value, null, 2);
  } catch {
    text = String(value);
  }
  return (
    <pre
      className={cn(
        "max-h-80 overflow-auto rounded-md bg-muted px-3 py-2 font-mono text-xs leading-relaxed whitespace-pre-wrap break-all",
        className,
      )}
    >
      {text}
    </pre>
  );
}
