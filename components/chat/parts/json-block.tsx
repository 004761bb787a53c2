import type { ReactNode } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { Disclosure } from "@/components/ui/disclosure";
import { JsonView } from "@/components/ui/json-view";

/** JSON text of any value (never throws). */
function jsonText(value: unknown): string {
  try {
    return value === undefined ? "undefined" : (JSON.stringify(value, null, 2) ?? String(value));
  } catch {
    return String(value);
  }
}

/** A collapsible, copyable JSON value. */
export function JsonBlock({
  summary,
  value,
  defaultOpen = false,
}: {
  summary: ReactNode;
  value: unknown;
  defaultOpen?: boolean;
}) {
  return (
    <div className="relative">
      <Disclosure summary={summary} defaultOpen={defaultOpen}>
        <div className="relative">
          <JsonView value={value} className="pr-8" />
          <CopyButton
            value={jsonText(value)}
            label={`Copy ${typeof summary === "string" ? summary.toLowerCase() : "JSON"}`}
            className="absolute top-1 right-1"
          />
        </div>
      </Disclosure>
    </div>
  );
}
