import { Disclosure } from "@/components/ui/disclosure";
import { formatDuration } from "@/components/ui/format";
import { RelativeTime } from "@/components/ui/relative-time";
import { cn } from "@/components/ui/cn";
import type { WebhookAttempt } from "@/lib/api/schemas";

/** Every attempt of a delivery, oldest first: number, when, HTTP status, duration, next attempt, response. */
export function AttemptsTable({ attempts }: { attempts: readonly WebhookAttempt[] }) {
  if (!attempts.length) return <p className="text-xs text-muted-foreground">No attempt yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-xs" data-testid="attempts-table">
        <thead className="text-muted-foreground">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">
              #
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              When
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Result
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Duration
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Next attempt
            </th>
            <th scope="col" className="py-1 font-medium">
              Response
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {attempts.map((a) => (
            <tr
              key={a.number}
              data-testid="attempt"
              data-number={a.number}
              data-status-code={a.statusCode ?? ""}
              className="align-top"
            >
              <td className="py-1.5 pr-3 font-mono">
                {a.number}
                {a.trigger !== "schedule" ? <span className="ml-1 text-muted-foreground">({a.trigger})</span> : null}
              </td>
              <td className="py-1.5 pr-3 whitespace-nowrap">
                <RelativeTime iso={a.at} />
              </td>
              <td className="py-1.5 pr-3">
                <span className={cn("font-mono font-medium", a.ok ? "text-success" : "text-danger")}>
                  {a.statusCode ?? "—"} {a.ok ? "ok" : "failed"}
                </span>
                {a.error ? <p className="mt-0.5 max-w-64 break-words text-muted-foreground">{a.error}</p> : null}
              </td>
              <td className="py-1.5 pr-3 font-mono whitespace-nowrap">{formatDuration(a.durationMs)}</td>
              <td className="py-1.5 pr-3 whitespace-nowrap">
                {a.nextAttemptAt ? <RelativeTime iso={a.nextAttemptAt} /> : "—"}
              </td>
              <td className="py-1.5">
                {a.responseExcerpt ? (
                  <Disclosure summary={`${a.responseExcerpt.length} characters`}>
                    <pre className="max-h-40 max-w-md overflow-auto rounded bg-muted px-2 py-1 font-mono text-[11px] whitespace-pre-wrap break-all">
                      {a.responseExcerpt}
                    </pre>
                  </Disclosure>
                ) : (
                  <span className="text-muted-foreground">empty</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
