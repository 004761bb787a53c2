"use client";

import { TriangleAlert } from "lucide-react";
import { useState } from "react";
import { confirmStepsBody, rejectStepsBody, type PendingTask } from "@/lib/api/pending";
import type { ResolveBody } from "@/lib/api/schemas";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { AnswerError } from "./answer-error";

type IntegrationsTask = Extract<PendingTask, { kind: "integrations" }>;

interface Item {
  name: string;
  kind: "integration" | "mcp-preset";
}

function itemsOf(task: IntegrationsTask): Item[] {
  const seen = new Set<string>();
  const items: Item[] = [];
  for (const [names, kind] of [
    [task.integrations, "integration"],
    [task.mcpPresets, "mcp-preset"],
  ] as const) {
    for (const name of names) {
      if (seen.has(name)) continue;
      seen.add(name);
      items.push({ name, kind });
    }
  }
  return items;
}

/**
 * Integrations: each requested integration and MCP preset with an "installed" checkbox. Confirm sends
 * `confirmed-steps` with exactly the ticked names as requested; Reject asks once more, then sends `[]`.
 */
export function IntegrationRequestForm({
  task,
  sending,
  error,
  onAnswer,
}: {
  task: IntegrationsTask;
  sending: boolean;
  error: Error | null;
  onAnswer: (body: ResolveBody) => void;
}) {
  const items = itemsOf(task);
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const [rejecting, setRejecting] = useState(false);
  const toggle = (name: string, on: boolean) =>
    setChecked((prev) => {
      const next = new Set(prev);
      if (on) next.add(name);
      else next.delete(name);
      return next;
    });
  const count = items.filter((i) => checked.has(i.name)).length;

  return (
    <div className="space-y-4">
      <fieldset className="space-y-2" disabled={sending || rejecting}>
        <legend className="mb-2 text-sm font-medium">Requested</legend>
        <ul className="divide-y divide-border rounded-md border border-border" data-testid="approval-integrations">
          {items.map((item) => {
            const id = `approval-${task.messageId}-${item.kind}-${item.name}`;
            return (
              <li key={`${item.kind}:${item.name}`} className="flex items-center justify-between gap-3 px-3 py-2.5">
                <div className="flex min-w-0 items-center gap-2">
                  <span className="truncate font-medium" title={item.name}>
                    {item.name}
                  </span>
                  <span className="shrink-0 rounded border border-border px-1.5 py-0.5 text-[0.7rem] text-muted-foreground">
                    {item.kind === "integration" ? "integration" : "MCP preset"}
                  </span>
                </div>
                <label
                  htmlFor={id}
                  className="flex shrink-0 cursor-pointer items-center gap-2 text-sm text-muted-foreground"
                >
                  <input
                    id={id}
                    type="checkbox"
                    data-testid="integration-checkbox"
                    data-name={item.name}
                    checked={checked.has(item.name)}
                    onChange={(e) => toggle(item.name, e.target.checked)}
                    aria-label={`${item.name} installed`}
                    className="size-4 accent-[var(--primary)]"
                  />
                  installed
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>

      <AnswerError error={error} />

      {rejecting ? (
        <div
          role="group"
          aria-label="Reject the request"
          className="space-y-3 rounded-md border border-danger-border bg-danger-muted p-3"
        >
          <p className="flex gap-2 text-sm text-danger">
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              Reject the request? The agent continues without {items.map((i) => i.name).join(", ")} and says so in its
              answer.
            </span>
          </p>
          <div className="flex justify-end gap-2">
            <Button size="sm" onClick={() => setRejecting(false)} disabled={sending}>
              Back
            </Button>
            <Button
              size="sm"
              variant="danger"
              data-testid="confirm-reject-button"
              onClick={() => onAnswer(rejectStepsBody())}
              disabled={sending}
              aria-busy={sending || undefined}
            >
              {sending ? <Spinner className="size-3.5" /> : null}
              Reject request
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-xs text-muted-foreground" aria-live="polite">
            {count ? `${count} of ${items.length} ticked` : "Tick what you installed, or reject the request."}
          </p>
          <div className="flex gap-2">
            <Button size="sm" data-testid="reject-button" onClick={() => setRejecting(true)} disabled={sending}>
              Reject
            </Button>
            <Button
              size="sm"
              variant="primary"
              data-testid="approve-button"
              onClick={() => onAnswer(confirmStepsBody(task, checked))}
              disabled={sending || count === 0}
              aria-busy={sending || undefined}
            >
              {sending ? <Spinner className="size-3.5" /> : null}
              Confirm{count ? ` (${count})` : ""}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
