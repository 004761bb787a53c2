"use client";

// The Form alone: the package index also exports a test registry that imports the ajv validator (not installed).
import Form from "@rjsf/core/lib/components/Form.js";
import type { RJSFSchema } from "@rjsf/utils";
import { Play } from "lucide-react";
import { useState } from "react";
import type { McpToolInfo } from "@/lib/api/schemas";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { schemaValidator } from "./schema-validator";

/**
 * The arguments of one tool: a form generated from its input JSON Schema (@rjsf/core; fields labelled by their
 * property names, checked against the schema before the call), or the arguments as raw JSON (sent as written: a
 * server's own refusal can be tried too). Both end in the Run button.
 */

type Args = Record<string, unknown>;

/** The tool's schema as rjsf takes it: an object schema without `$schema` (rjsf would try to resolve the draft). */
function formSchema(tool: McpToolInfo): RJSFSchema {
  const { $schema: _ignored, ...schema } = tool.inputSchema as RJSFSchema;
  void _ignored;
  return { type: "object", ...schema, title: "" };
}

const hasFields = (tool: McpToolInfo) =>
  Object.keys((tool.inputSchema.properties as object | undefined) ?? {}).length > 0;

export function ToolForm({
  tool,
  args,
  onArgsChange,
  onRun,
  running,
}: {
  tool: McpToolInfo;
  args: Args;
  onArgsChange: (args: Args) => void;
  onRun: (args: Args) => void;
  running: boolean;
}) {
  const [mode, setMode] = useState<"form" | "json">("form");
  const [raw, setRaw] = useState(() => JSON.stringify(args, null, 2));
  const [rawError, setRawError] = useState<string | null>(null);

  const switchTo = (next: "form" | "json") => {
    if (next === mode) return;
    if (next === "json") {
      setRaw(JSON.stringify(args, null, 2));
      setRawError(null);
    } else {
      const parsed = parseArgs(raw);
      if (typeof parsed === "string") return setRawError(`${parsed} Fix it before going back to the form.`);
      onArgsChange(parsed);
    }
    setMode(next);
  };

  const run = (
    <Button type="submit" variant="primary" size="sm" disabled={running} data-testid="mcp-tool-run">
      <Play className="size-3.5" aria-hidden />
      {running ? "Running…" : "Run"}
    </Button>
  );

  return (
    <div className="space-y-3">
      <div
        role="radiogroup"
        aria-label="Arguments as"
        className="inline-flex rounded-md border border-border p-0.5 text-xs"
      >
        {(["form", "json"] as const).map((m) => (
          <button
            key={m}
            type="button"
            role="radio"
            aria-checked={mode === m}
            onClick={() => switchTo(m)}
            className={cn(
              "rounded px-2 py-1",
              mode === m ? "bg-muted font-medium text-foreground" : "text-muted-foreground hover:text-foreground",
            )}
          >
            {m === "form" ? "Form" : "Raw JSON"}
          </button>
        ))}
      </div>
      {mode === "form" ? (
        <Form
          key={tool.name}
          className="mcp-tool-form space-y-3"
          schema={formSchema(tool)}
          validator={schemaValidator}
          formData={args}
          onChange={(e) => onArgsChange((e.formData ?? {}) as Args)}
          onSubmit={(e) => onRun((e.formData ?? {}) as Args)}
          noHtml5Validate
          showErrorList={false}
          idPrefix={`tool-${tool.name}`}
        >
          {hasFields(tool) ? null : <p className="text-sm text-muted-foreground">This tool takes no arguments.</p>}
          {run}
        </Form>
      ) : (
        <form
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            const parsed = parseArgs(raw);
            if (typeof parsed === "string") return setRawError(parsed);
            setRawError(null);
            onArgsChange(parsed);
            onRun(parsed);
          }}
        >
          <label htmlFor={`tool-${tool.name}-raw`} className="text-sm font-medium">
            Arguments (JSON object)
          </label>
          <textarea
            id={`tool-${tool.name}-raw`}
            value={raw}
            onChange={(e) => setRaw(e.target.value)}
            spellCheck={false}
            rows={Math.min(16, Math.max(4, raw.split("\n").length + 1))}
            aria-invalid={rawError ? true : undefined}
            aria-describedby={rawError ? `tool-${tool.name}-raw-error` : undefined}
            className="w-full rounded-md border border-input bg-background px-3 py-2 font-mono text-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30 aria-[invalid=true]:border-danger"
          />
          {rawError ? (
            <p id={`tool-${tool.name}-raw-error`} className="text-sm text-danger">
              {rawError}
            </p>
          ) : null}
          {run}
        </form>
      )}
    </div>
  );
}

/** The raw JSON as arguments, or what is wrong with it. */
function parseArgs(raw: string): Args | string {
  let value: unknown;
  try {
    value = JSON.parse(raw.trim() || "{}");
  } catch (error) {
    return `Not valid JSON: ${error instanceof Error ? error.message : String(error)}.`;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return "The arguments must be a JSON object ({ … }).";
  return value as Args;
}
