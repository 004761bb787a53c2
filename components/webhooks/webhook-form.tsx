"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Spinner } from "@/components/ui/spinner";
import { ChatScopePicker } from "./chat-scope-picker";
import { EventCheckboxes } from "./event-checkboxes";
import { TextField } from "@/components/ui/text-field";
import {
  emptyWebhookForm,
  hasErrors,
  validateWebhookForm,
  type WebhookFormErrors,
  type WebhookFormValues,
  type WebhookTarget,
} from "./webhook-form-model";

/**
 * Create or edit a webhook: name, target (a URL, or — when creating — this dashboard's inbox), events as
 * checkboxes with what causes them, and the chat scope (create only: the service does not change it later).
 * Errors show after the first submit and then follow the input.
 */
export function WebhookForm({
  mode,
  initial,
  submitting,
  error,
  onSubmit,
  onCancel,
}: {
  mode: "create" | "edit";
  initial?: WebhookFormValues;
  submitting: boolean;
  error: unknown;
  onSubmit: (values: WebhookFormValues) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState<WebhookFormValues>(() => initial ?? emptyWebhookForm());
  const [tried, setTried] = useState(false);
  const errors: WebhookFormErrors = tried ? validateWebhookForm(values) : {};
  const set = <K extends keyof WebhookFormValues>(key: K, value: WebhookFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    const found = validateWebhookForm(values);
    if (hasErrors(found)) {
      const first = (["name", "url", "events"] as const).find((k) => found[k]);
      const el =
        first === "events"
          ? document.getElementById("webhook-event-chat-created")
          : document.getElementById(`webhook-${first}`);
      el?.focus();
      return;
    }
    onSubmit({ ...values, name: values.name.trim(), url: values.url.trim() });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-5"
      aria-label={mode === "create" ? "New webhook" : "Edit webhook"}
    >
      <TextField
        id="webhook-name"
        label="Name"
        value={values.name}
        onChange={(e) => set("name", e.target.value)}
        error={errors.name}
        placeholder="e.g. Deploy notifier"
        autoComplete="off"
        disabled={submitting}
        maxLength={200}
        autoFocus
      />

      {mode === "create" ? (
        <TargetChoice value={values.target} onChange={(t) => set("target", t)} disabled={submitting} />
      ) : null}

      {values.target === "url" ? (
        <TextField
          id="webhook-url"
          label="URL"
          type="url"
          inputMode="url"
          value={values.url}
          onChange={(e) => set("url", e.target.value)}
          error={errors.url}
          placeholder="https://example.com/webhooks/atelier"
          hint="Receives a signed POST (Standard Webhooks) for each event. Only a 2xx answer counts as delivered."
          autoComplete="off"
          spellCheck={false}
          disabled={submitting}
        />
      ) : (
        <p
          className="rounded-md border border-border bg-muted/50 px-3 py-2 text-xs text-muted-foreground"
          data-testid="dashboard-target-hint"
        >
          Atelier creates an inbox, points the webhook at its receiver and keeps the signing secret there, so every
          delivery is verified. You can watch them arrive on the Inbox page.
        </p>
      )}

      <EventCheckboxes
        value={values.events}
        onChange={(events) => set("events", events)}
        error={errors.events}
        disabled={submitting}
      />

      {mode === "create" ? (
        <ChatScopePicker value={values.chatId} onChange={(chatId) => set("chatId", chatId)} disabled={submitting} />
      ) : (
        <p className="text-xs text-muted-foreground">
          Scope: {values.chatId ? <code className="font-mono">{values.chatId}</code> : "all chats"} (fixed when the
          webhook was created).
        </p>
      )}

      {error ? (
        <ErrorPanel
          error={error}
          title={mode === "create" ? "The webhook was not created" : "The changes were not saved"}
        />
      ) : null}

      <div className="flex justify-end gap-2 border-t border-border pt-4">
        <Button onClick={onCancel} disabled={submitting}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={submitting}>
          {submitting ? <Spinner /> : null}
          {mode === "create" ? "Create webhook" : "Save changes"}
        </Button>
      </div>
    </form>
  );
}

function TargetChoice({
  value,
  onChange,
  disabled,
}: {
  value: WebhookTarget;
  onChange: (t: WebhookTarget) => void;
  disabled?: boolean;
}) {
  const options: Array<{ value: WebhookTarget; label: string; hint: string }> = [
    { value: "url", label: "A URL", hint: "Your own endpoint." },
    { value: "dashboard", label: "This dashboard", hint: "The built-in inbox, verified." },
  ];
  return (
    <fieldset className="space-y-1.5">
      <legend className="text-sm font-medium">Deliver to</legend>
      <div className="grid grid-cols-2 gap-2">
        {options.map((o) => (
          <label
            key={o.value}
            className={cn(
              "flex cursor-pointer items-start gap-2 rounded-md border px-3 py-2 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring/30",
              value === o.value ? "border-ring bg-muted/60" : "border-border hover:bg-muted",
            )}
          >
            <input
              type="radio"
              name="webhook-target"
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
              disabled={disabled}
              className="mt-0.5 accent-primary"
            />
            <span>
              <span className="block font-medium">{o.label}</span>
              <span className="block text-xs text-muted-foreground">{o.hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
