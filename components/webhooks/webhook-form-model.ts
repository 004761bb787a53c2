import { CreateWebhookBody, type Webhook, type WebhookEvent } from "@/lib/api/schemas";

/** The create / edit form's state and its checks (the service checks again: these are for quick feedback). */

export type WebhookTarget = "url" | "dashboard";

export interface WebhookFormValues {
  name: string;
  /** Where deliveries go: a URL, or this dashboard's inbox (create only). */
  target: WebhookTarget;
  url: string;
  events: WebhookEvent[];
  /** A chat the webhook is scoped to; null = every chat. Fixed once created (PATCH does not take it). */
  chatId: string | null;
}

export type WebhookFormErrors = Partial<Record<"name" | "url" | "events", string>>;

export const emptyWebhookForm = (over: Partial<WebhookFormValues> = {}): WebhookFormValues => ({
  name: "",
  target: "url",
  url: "",
  events: [],
  chatId: null,
  ...over,
});

export function formValuesOfHook(hook: Webhook): WebhookFormValues {
  return { name: hook.name, target: "url", url: hook.url, events: [...hook.events], chatId: hook.chatId };
}

function isHttpUrl(value: string): boolean {
  return CreateWebhookBody.shape.url.safeParse(value).success;
}

export function validateWebhookForm(values: WebhookFormValues): WebhookFormErrors {
  const errors: WebhookFormErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = "Give the webhook a name.";
  else if (name.length > 200) errors.name = "The name is at most 200 characters.";
  if (values.target === "url") {
    const url = values.url.trim();
    if (!url) errors.url = "Enter the URL that receives the deliveries.";
    else if (!isHttpUrl(url))
      errors.url = "Enter an absolute http:// or https:// URL, e.g. https://example.com/webhooks.";
  }
  if (!values.events.length) errors.events = "Choose at least one event.";
  return errors;
}

export const hasErrors = (errors: WebhookFormErrors): boolean => Object.values(errors).some(Boolean);
