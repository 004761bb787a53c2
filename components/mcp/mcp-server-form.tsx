"use client";

import { useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Spinner } from "@/components/ui/spinner";
import type { CreateMcpServerBody, UpdateMcpServerBody } from "@/lib/api/schemas";
import { CheckField, TextField } from "./form-fields";
import {
  emptyMcpServerForm,
  toCreateBody,
  toUpdateBody,
  type FieldErrors,
  type McpAuthChoice,
  type McpServerField,
  type McpServerFormValues,
} from "./server-form-model";

const ORDER: McpServerField[] = [
  "name",
  "url",
  "token",
  "headers",
  "authorizationUrl",
  "tokenUrl",
  "clientId",
  "clientSecret",
  "scopes",
  "resource",
];

const AUTH_LABELS: Record<McpAuthChoice, string> = {
  oauth: "OAuth",
  none: "None",
  bearer: "Bearer token",
  "custom-headers": "Custom headers",
};

type Props =
  | { mode: "create"; initial?: McpServerFormValues; onSubmit: (body: CreateMcpServerBody) => void }
  | { mode: "edit"; initial: McpServerFormValues; onSubmit: (body: UpdateMcpServerBody) => void };

/**
 * Register or edit an MCP server: name, URL and the OAuth settings, validated with the lib/api schemas before
 * anything is sent. Editing: the OAuth settings are sent only when "Replace the OAuth settings" is ticked (PATCH
 * replaces the stored configuration as a whole; the client secret is never returned, so it is entered again).
 */
export function McpServerForm(
  props: Props & {
    submitting?: boolean;
    error?: unknown;
    onCancel?: () => void;
    hasClientSecret?: boolean;
    storedHeaderNames?: string[];
  },
) {
  const { mode, submitting = false, error, onCancel, hasClientSecret = false, storedHeaderNames } = props;
  const storedAuthType = props.initial?.authType ?? "oauth";
  const [values, setValues] = useState<McpServerFormValues>(props.initial ?? emptyMcpServerForm);
  const [replaceOAuth, setReplaceOAuth] = useState(mode === "create");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [attempted, setAttempted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const validate = (v: McpServerFormValues, replace: boolean) =>
    mode === "create" ? toCreateBody(v) : toUpdateBody(v, replace);

  const set = <K extends McpServerField>(key: K, value: McpServerFormValues[K]) => {
    const next = { ...values, [key]: value };
    setValues(next);
    if (attempted) {
      const result = validate(next, replaceOAuth);
      setErrors(result.ok ? {} : result.errors);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    const result = validate(values, replaceOAuth);
    if (!result.ok) {
      setErrors(result.errors);
      const first = ORDER.find((f) => result.errors[f]);
      if (first) formRef.current?.querySelector<HTMLInputElement>(`#mcp-${first}`)?.focus();
      return;
    }
    setErrors({});
    if (props.mode === "create") props.onSubmit(result.body as CreateMcpServerBody);
    else props.onSubmit(result.body as UpdateMcpServerBody);
  };

  const metadata = values.clientIdMode === "metadata";
  const authType = values.authType;
  const errorCount = Object.keys(errors).length;

  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      className="space-y-5"
      data-testid="mcp-server-form"
      aria-label={mode === "create" ? "Register MCP server" : "Edit MCP server"}
    >
      <fieldset className="space-y-3">
        <legend className="mb-2 text-xs font-medium tracking-wide text-muted-foreground uppercase">Server</legend>
        <TextField
          id="mcp-name"
          label="Name"
          value={values.name}
          onChange={(e) => set("name", e.target.value)}
          error={errors.name}
          autoComplete="off"
          placeholder="Linear"
          maxLength={200}
        />
        <TextField
          id="mcp-url"
          label="Server URL"
          value={values.url}
          onChange={(e) => set("url", e.target.value)}
          error={errors.url}
          hint="The MCP server's Streamable HTTP endpoint."
          placeholder="https://mcp.example.com/mcp"
          inputMode="url"
          autoComplete="off"
        />
        <CheckField
          id="mcp-enabled"
          label="Enabled"
          hint="Disabled servers are not offered to chats."
          checked={values.enabled}
          onChange={(v) => set("enabled", v)}
        />
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="mb-2 text-xs font-medium tracking-wide text-muted-foreground uppercase">
          Authentication
        </legend>
        {mode === "edit" ? (
          <CheckField
            id="mcp-replace-oauth"
            label={storedAuthType === "oauth" ? "Replace the OAuth settings" : "Replace the authentication"}
            hint="The new settings replace the stored ones as a whole; stored secrets are never shown, so enter them again. Changing the client id, scopes or token URL means connecting again."
            checked={replaceOAuth}
            onChange={(v) => {
              setReplaceOAuth(v);
              if (attempted) {
                const result = validate(values, v);
                setErrors(result.ok ? {} : result.errors);
              }
            }}
          />
        ) : null}
        {replaceOAuth ? (
          <div
            role="radiogroup"
            aria-labelledby="mcp-auth-type-label"
            className="space-y-1.5"
            data-testid="mcp-auth-type"
          >
            <p id="mcp-auth-type-label" className="text-sm font-medium">
              Authentication type
            </p>
            <div className="flex flex-wrap gap-x-4 gap-y-1">
              {(Object.keys(AUTH_LABELS) as McpAuthChoice[]).map((choice) => (
                <label key={choice} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="mcp-auth-type"
                    value={choice}
                    checked={authType === choice}
                    onChange={() => set("authType", choice)}
                    className="accent-primary"
                  />
                  {AUTH_LABELS[choice]}
                </label>
              ))}
            </div>
          </div>
        ) : null}
        {replaceOAuth && authType === "none" ? (
          <p className="text-xs text-muted-foreground">The service calls the server without credentials.</p>
        ) : null}
        {replaceOAuth && authType === "bearer" ? (
          <TextField
            id="mcp-token"
            label="Bearer token"
            type="password"
            value={values.token}
            onChange={(e) => set("token", e.target.value)}
            error={errors.token}
            hint={
              mode === "edit" && storedAuthType === "bearer"
                ? "A token is stored but never shown: enter the new one."
                : "Sent as “Authorization: Bearer …”; stored encrypted and never shown again."
            }
            autoComplete="new-password"
          />
        ) : null}
        {replaceOAuth && authType === "custom-headers" ? (
          <div className="space-y-1.5">
            <label htmlFor="mcp-headers" className="text-sm font-medium">
              Headers
            </label>
            <textarea
              id="mcp-headers"
              value={values.headers}
              onChange={(e) => set("headers", e.target.value)}
              rows={3}
              spellCheck={false}
              autoComplete="off"
              placeholder={"X-Api-Key: …"}
              aria-invalid={errors.headers ? true : undefined}
              aria-describedby="mcp-headers-hint"
              className="w-full rounded-md border border-border bg-background px-3 py-2 font-mono text-sm"
            />
            <p
              id="mcp-headers-hint"
              className={errors.headers ? "text-xs text-danger" : "text-xs text-muted-foreground"}
            >
              {errors.headers ??
                (mode === "edit" && storedHeaderNames?.length
                  ? `Stored: ${storedHeaderNames.join(", ")} (values never shown). One “Name: value” per line; the new headers replace them.`
                  : "One “Name: value” per line; values are stored encrypted and never shown again.")}
            </p>
          </div>
        ) : null}
        {replaceOAuth && authType === "oauth" ? (
          <div className="space-y-3">
            <TextField
              id="mcp-authorizationUrl"
              label="Authorization URL"
              value={values.authorizationUrl}
              onChange={(e) => set("authorizationUrl", e.target.value)}
              error={errors.authorizationUrl}
              placeholder="https://auth.example.com/authorize"
              inputMode="url"
              autoComplete="off"
            />
            <TextField
              id="mcp-tokenUrl"
              label="Token URL"
              value={values.tokenUrl}
              onChange={(e) => set("tokenUrl", e.target.value)}
              error={errors.tokenUrl}
              placeholder="https://auth.example.com/token"
              inputMode="url"
              autoComplete="off"
            />
            <div role="radiogroup" aria-labelledby="mcp-client-mode-label" className="space-y-1.5">
              <p id="mcp-client-mode-label" className="text-sm font-medium">
                Client
              </p>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="mcp-client-mode"
                  checked={!metadata}
                  onChange={() => set("clientIdMode", "manual")}
                  className="accent-primary"
                />
                Client id from registration with the provider
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="mcp-client-mode"
                  checked={metadata}
                  onChange={() => set("clientIdMode", "metadata")}
                  className="accent-primary"
                />
                Use the service&apos;s client metadata document
              </label>
              {metadata ? (
                <p className="text-xs text-muted-foreground">
                  The service sends the URL of its published client metadata as the client id; no secret is needed.
                </p>
              ) : null}
            </div>
            {!metadata ? (
              <div className="grid gap-3 sm:grid-cols-2">
                <TextField
                  id="mcp-clientId"
                  label="Client id"
                  value={values.clientId}
                  onChange={(e) => set("clientId", e.target.value)}
                  error={errors.clientId}
                  autoComplete="off"
                />
                <TextField
                  id="mcp-clientSecret"
                  label="Client secret"
                  optional
                  type="password"
                  value={values.clientSecret}
                  onChange={(e) => set("clientSecret", e.target.value)}
                  error={errors.clientSecret}
                  hint={
                    mode === "edit" && hasClientSecret
                      ? "A secret is stored but never shown: enter it again, or the new settings have none."
                      : "Stored encrypted by the service and never shown again."
                  }
                  autoComplete="new-password"
                />
              </div>
            ) : null}
            <TextField
              id="mcp-scopes"
              label="Scopes"
              value={values.scopes}
              onChange={(e) => set("scopes", e.target.value)}
              error={errors.scopes}
              hint="Separated by spaces or commas, e.g. “read write offline_access”."
              autoComplete="off"
            />
            <CheckField
              id="mcp-usePKCE"
              label="Use PKCE (S256)"
              hint="Recommended; OAuth 2.1 providers require it."
              checked={values.usePKCE}
              onChange={(v) => set("usePKCE", v)}
            />
            <div className="space-y-1.5">
              <TextField
                id="mcp-resource"
                label="Resource"
                optional
                value={values.resource}
                onChange={(e) => set("resource", e.target.value)}
                error={errors.resource}
                hint="RFC 8707 resource indicator sent with the authorization, usually the server URL."
                placeholder={values.url || "https://mcp.example.com/mcp"}
                inputMode="url"
                autoComplete="off"
              />
              {values.url.trim() && values.resource.trim() !== values.url.trim() ? (
                <Button size="sm" variant="ghost" onClick={() => set("resource", values.url.trim())}>
                  Use the server URL
                </Button>
              ) : null}
            </div>
          </div>
        ) : null}
      </fieldset>

      {errorCount > 0 ? (
        <p role="alert" className="text-sm text-danger">
          {errorCount === 1 ? "One field needs attention." : `${errorCount} fields need attention.`}
        </p>
      ) : null}
      {error ? (
        <ErrorPanel
          error={error}
          title={mode === "create" ? "The server was not registered" : "The changes were not saved"}
        />
      ) : null}

      <div className="flex justify-end gap-2">
        {onCancel ? (
          <Button onClick={onCancel} disabled={submitting}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" variant="primary" disabled={submitting}>
          {submitting ? <Spinner /> : null}
          {mode === "create" ? "Register" : "Save changes"}
        </Button>
      </div>
    </form>
  );
}
