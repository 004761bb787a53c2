"use client";

import { Bot, PlugZap } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import type { CommandFacts } from "./commands-row";

/** Which agent answers in the embedded service (never its key). */
export type AgentFacts =
  | { kind: "scripted" }
  | {
      kind: "model";
      baseUrl: string;
      model: string | null;
      models: Record<string, string>;
      /** Its commands: off, or where they run. */
      commands: CommandFacts;
    };

type Report =
  { ok: true; models: string[]; ms: number; missing: string[] } | { ok: false; message: string; ms?: number };

/** Asks the server to list the model API's models (POST /api/agent/test: the key stays on the server). */
async function testConnection(): Promise<Report> {
  try {
    const res = await fetch("/api/agent/test", { method: "POST", headers: { accept: "application/json" } });
    const body = (await res.json().catch(() => null)) as (Report & { message?: string }) | null;
    if (!res.ok || !body) return { ok: false, message: body?.message ?? `The dashboard answered HTTP ${res.status}.` };
    return body;
  } catch (error) {
    return { ok: false, message: `The dashboard could not be reached: ${(error as Error).message}` };
  }
}

/**
 * Which agent the embedded service runs: the scripted one (offline, for demos and tests), or a model behind an
 * OpenAI-compatible API (AGENT_BASE_URL) with the names it sends; "Test connection" lists that API's models.
 */
export function AgentRow({ agent }: { agent: AgentFacts }) {
  const [pending, setPending] = useState(false);
  const [report, setReport] = useState<Report | null>(null);
  if (agent.kind === "scripted") {
    return (
      <span className="inline-flex items-center gap-2">
        <Bot className="size-4 text-muted-foreground" aria-hidden />
        Scripted agent (offline; set AGENT_BASE_URL to answer with a model)
      </span>
    );
  }
  const mapped = Object.entries(agent.models);
  return (
    <div className="space-y-2">
      <p className="flex flex-wrap items-center gap-x-2">
        <Bot className="size-4 text-muted-foreground" aria-hidden />
        <span>
          Model <code className="font-mono text-xs">{agent.model ?? mapped[0]?.[1] ?? "?"}</code> at{" "}
          <code className="font-mono text-xs">{agent.baseUrl}</code>
        </span>
      </p>
      {mapped.length ? (
        <p className="text-xs text-muted-foreground">{mapped.map(([id, name]) => `${id} → ${name}`).join(" · ")}</p>
      ) : null}
      <Button
        size="sm"
        data-testid="agent-test"
        disabled={pending}
        onClick={async () => {
          setPending(true);
          setReport(await testConnection());
          setPending(false);
        }}
      >
        {pending ? <Spinner className="size-4" /> : <PlugZap className="size-4" aria-hidden />}
        Test connection
      </Button>
      {report ? (
        report.ok ? (
          <div role="status" data-testid="agent-test-result" className="space-y-1 text-xs">
            <p className="text-success">
              Connected in {report.ms} ms: {report.models.length} model{report.models.length === 1 ? "" : "s"}.
            </p>
            {report.models.length ? (
              <p className="font-mono break-words text-muted-foreground">{report.models.join(", ")}</p>
            ) : null}
            {report.missing.length ? (
              <p className="text-danger">
                Not listed by the API: {report.missing.join(", ")}. Check AGENT_MODEL / AGENT_MODELS (or pull the
                model).
              </p>
            ) : null}
          </div>
        ) : (
          <p role="alert" data-testid="agent-test-result" className="text-xs text-danger">
            {report.message}
          </p>
        )
      ) : null}
    </div>
  );
}
