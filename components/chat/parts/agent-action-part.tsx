import { Workflow } from "lucide-react";
import type { ReactNode } from "react";
import type { AgentActionPart } from "@/lib/api/schemas";
import { JsonBlock } from "./json-block";
import { ACCENTS, Badge, PartCard, isRunning } from "./part-card";
import { humanize, isRecord, str, strArray } from "./values";

const INTEGRATION_REQUEST = "get_or_request_integration";

const REJECTED_BY: Record<string, string> = { user: "you", "new-message": "a new message" };

/** The integration request's outcome (our `data.status`, wire-decisions.md "Waiting on the user"). */
function integrationStatus(data: Record<string, unknown>): ReactNode {
  const status = str(data.status);
  if (status === "pending") return <Badge title="status: pending">waiting for your answer</Badge>;
  if (status === "connected") {
    const names = strArray(data.connectedIntegrationNames);
    return (
      <Badge tone="success" title="status: connected">
        connected{names.length ? `: ${names.join(", ")}` : ""}
      </Badge>
    );
  }
  if (status === "rejected") {
    const by = str(data.rejectedBy);
    return (
      <Badge tone="danger" title="status: rejected">
        rejected{by ? ` by ${REJECTED_BY[by] ?? by}` : ""}
      </Badge>
    );
  }
  return null;
}

/** Simple fields of the data (strings, numbers, booleans, lists of strings) as a readable list. */
function ReadableData({ data, skip }: { data: Record<string, unknown>; skip: ReadonlySet<string> }) {
  const rows = Object.entries(data).filter(
    ([key, v]) => !skip.has(key) && (["string", "number", "boolean"].includes(typeof v) || strArray(v).length > 0),
  );
  if (!rows.length) return null;
  return (
    <dl className="grid grid-cols-[minmax(5rem,auto)_1fr] gap-x-3 gap-y-1 text-xs">
      {rows.map(([key, v]) => (
        <div key={key} className="contents">
          <dt className="text-muted-foreground">{humanize(key)}</dt>
          <dd className="min-w-0 break-words">
            {Array.isArray(v) ? (
              <ol className="list-decimal space-y-0.5 pl-4">
                {strArray(v).map((item, i) => (
                  <li key={i}>{item}</li>
                ))}
              </ol>
            ) : (
              String(v)
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const INTEGRATION_FIELDS = new Set([
  "requestedIntegrations",
  "requestedMcpPresets",
  "status",
  "connectedIntegrationNames",
  "rejectedBy",
]);
const REQUEST_FIELDS = new Set(["requestedIntegrations", "requestedMcpPresets", "questions", "setupUrl", "summary"]);

/** An http(s) URL shown as a link the person may choose to open (never followed by the page). */
function SafeLink({ href, children }: { href: string; children: ReactNode }) {
  let ok = false;
  try {
    ok = ["http:", "https:"].includes(new URL(href).protocol);
  } catch {
    ok = false;
  }
  if (!ok) return <code className="font-mono break-all">{href}</code>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="break-all underline">
      {children}
    </a>
  );
}

/** The document's questions `{questions: [{id, question, header, multiSelect, options: [{id, label, description?}]}]}`. */
function Questions({ questions }: { questions: unknown[] }) {
  const items = questions.filter(isRecord);
  if (!items.length) return null;
  return (
    <ol className="list-decimal space-y-2 pl-4 text-sm" data-testid="agent-questions">
      {items.map((q, i) => (
        <li key={str(q.id) || i}>
          {str(q.header) ? <span className="mr-1 text-xs text-muted-foreground">{str(q.header)}:</span> : null}
          {str(q.question)}
          {q.multiSelect === true ? (
            <span className="ml-1 text-xs text-muted-foreground">(several answers)</span>
          ) : null}
          <ul className="mt-1 list-disc space-y-0.5 pl-4 text-xs">
            {(Array.isArray(q.options) ? q.options : []).filter(isRecord).map((o, j) => (
              <li key={str(o.id) || j}>
                {str(o.label)}
                {str(o.description) ? <span className="text-muted-foreground"> — {str(o.description)}</span> : null}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}

/** An agent action, readable: the integration request with its integrations and MCP presets, a plan's steps, other fields. */
export function AgentActionPartView({ part, streaming }: { part: AgentActionPart; streaming: boolean }) {
  const data: Record<string, unknown> = isRecord(part.data) ? part.data : {};
  const name = str(part.name);
  const request = name === INTEGRATION_REQUEST;
  const integrations = strArray(data.requestedIntegrations);
  const presets = strArray(data.requestedMcpPresets);
  // The document's one-line summary of the action (and a plan's own summary).
  const summary = str((part as { summary?: unknown }).summary) || str(data.summary);
  return (
    <PartCard
      kind="agent-action"
      icon={Workflow}
      accent={ACCENTS.action}
      label={
        <>
          <span className="font-medium">{request ? "Requested integrations" : humanize(name) || "Agent action"}</span>
          <code className="truncate font-mono text-xs text-muted-foreground" title={name}>
            {name}
          </code>
        </>
      }
      meta={request ? integrationStatus(data) : null}
      timing={part}
      running={isRunning(part, streaming)}
    >
      <div className="space-y-2">
        {integrations.length ? (
          <div className="flex flex-wrap items-center gap-1" data-testid="requested-integrations">
            <span className="text-xs text-muted-foreground">Integrations:</span>
            {integrations.map((n, i) => (
              <Badge key={`${n}-${i}`} title="integration">
                {n}
              </Badge>
            ))}
          </div>
        ) : null}
        {presets.length ? (
          <div className="flex flex-wrap items-center gap-1" data-testid="requested-mcp-presets">
            <span className="text-xs text-muted-foreground">MCP presets:</span>
            {presets.map((n, i) => (
              <Badge key={`${n}-${i}`} title="MCP preset">
                MCP: {n}
              </Badge>
            ))}
          </div>
        ) : null}
        {summary ? (
          <p className="text-sm" data-testid="agent-action-summary">
            {summary}
          </p>
        ) : null}
        {Array.isArray(data.questions) ? <Questions questions={data.questions} /> : null}
        {str(data.setupUrl) ? (
          <p className="text-xs">
            Set up {str(data.connectorName) || str(data.service) || "the connection"}:{" "}
            <SafeLink href={str(data.setupUrl)}>{str(data.setupUrl)}</SafeLink>
          </p>
        ) : null}
        <ReadableData data={data} skip={request ? INTEGRATION_FIELDS : REQUEST_FIELDS} />
        <JsonBlock summary="Data" value={data} />
      </div>
    </PartCard>
  );
}
