// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { ServiceClient } from "@/lib/api/client";
import type { EmbeddedService } from "@/lib/embedded/service";
import { startService, serviceClient } from "@/lib/embedded/test-support";
import { createQueryClient } from "@/lib/hooks/query-client";
import { ServiceClientsProvider } from "@/lib/hooks/service-clients";
import { WebhookForm } from "./webhook-form";
import type { WebhookFormValues } from "./webhook-form-model";
import { WebhooksView } from "./webhooks-view";

// Next's router is not mounted outside the app; the views only call push().
const push = vi.fn();
vi.mock("next/navigation", () => ({
  useRouter: () => ({ push, replace: push, refresh: () => {}, back: () => {}, prefetch: () => {} }),
}));

/** The form and the webhooks page against the real embedded service (in-process, as the proxy would reach it). */
let svc: EmbeddedService;
let client: ServiceClient;
beforeAll(async () => {
  svc = await startService({ webhookRetrySchedule: [] });
  client = serviceClient(svc);
});
afterAll(() => svc?.close());
afterEach(cleanup);

function withService(children: ReactNode) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  return render(
    <QueryClientProvider client={queryClient}>
      <ServiceClientsProvider v2={client}>{children}</ServiceClientsProvider>
    </QueryClientProvider>,
  );
}

describe("WebhookForm", () => {
  it("lists the seven events as labelled checkboxes with what causes them, and validates before submitting", async () => {
    const onSubmit = vi.fn<(v: WebhookFormValues) => void>();
    withService(<WebhookForm mode="create" submitting={false} error={null} onSubmit={onSubmit} onCancel={() => {}} />);
    const user = userEvent.setup();

    const boxes = screen.getAllByRole("checkbox");
    expect(boxes.map((b) => (b as HTMLInputElement).value)).toEqual([
      "chat.created",
      "chat.updated",
      "chat.deleted",
      "message.created",
      "message.updated",
      "message.finished",
      "message.deleted",
    ]);
    expect(screen.getByRole("checkbox", { name: /message\.finished/ })).toHaveAccessibleDescription(
      /An answer finished/,
    );

    // Nothing filled in: one message per field, focus on the first, nothing sent.
    await user.click(screen.getByRole("button", { name: "Create webhook" }));
    expect(screen.getByTestId("field-error-webhook-name")).toHaveTextContent("Give the webhook a name.");
    expect(screen.getByTestId("field-error-webhook-url")).toHaveTextContent("Enter the URL");
    expect(screen.getByTestId("field-error-events")).toHaveTextContent("Choose at least one event.");
    expect(screen.getByLabelText("Name")).toHaveFocus();
    expect(screen.getByLabelText("Name")).toHaveAttribute("aria-invalid", "true");
    expect(onSubmit).not.toHaveBeenCalled();

    // Errors follow the input once shown.
    await user.type(screen.getByLabelText("Name"), "  Deploys  ");
    expect(screen.queryByTestId("field-error-webhook-name")).toBeNull();
    await user.type(screen.getByLabelText("URL"), "ftp://example.com/hook");
    expect(screen.getByTestId("field-error-webhook-url")).toHaveTextContent("absolute http:// or https:// URL");
    await user.clear(screen.getByLabelText("URL"));
    await user.type(screen.getByLabelText("URL"), "/relative");
    expect(screen.getByTestId("field-error-webhook-url")).toBeInTheDocument();
    await user.clear(screen.getByLabelText("URL"));
    await user.type(screen.getByLabelText("URL"), "https://example.com/hook");
    expect(screen.queryByTestId("field-error-webhook-url")).toBeNull();

    // Clicked out of order, sent in the list's order; "Clear" and "Select all" work.
    await user.click(screen.getByRole("checkbox", { name: /message\.finished/ }));
    await user.click(screen.getByRole("checkbox", { name: /chat\.created/ }));
    expect(screen.queryByTestId("field-error-events")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Create webhook" }));
    expect(onSubmit).toHaveBeenCalledWith({
      name: "Deploys",
      target: "url",
      url: "https://example.com/hook",
      events: ["chat.created", "message.finished"],
      chatId: null,
    });

    await user.click(screen.getByRole("button", { name: "Clear" }));
    expect(screen.getAllByRole("checkbox").filter((b) => (b as HTMLInputElement).checked)).toHaveLength(0);
    await user.click(screen.getByRole("button", { name: "Select all" }));
    expect(screen.getAllByRole("checkbox").every((b) => (b as HTMLInputElement).checked)).toBe(true);
  });

  it("offers the recent chats as the scope, and this dashboard as a target (no URL then)", async () => {
    const { chat } = await client.createChat({ message: "A scope target" });
    const onSubmit = vi.fn<(v: WebhookFormValues) => void>();
    withService(<WebhookForm mode="create" submitting={false} error={null} onSubmit={onSubmit} onCancel={() => {}} />);
    const user = userEvent.setup();
    const scope = screen.getByLabelText("Scope");
    await waitFor(() => expect(within(scope).getAllByRole("option").length).toBeGreaterThan(1));
    await user.selectOptions(scope, chat.id);

    await user.click(screen.getByRole("radio", { name: /This dashboard/ }));
    expect(screen.queryByLabelText("URL")).toBeNull();
    expect(screen.getByTestId("dashboard-target-hint")).toHaveTextContent("verified");
    await user.type(screen.getByLabelText("Name"), "Mine");
    await user.click(screen.getByRole("checkbox", { name: /chat\.updated/ }));
    await user.click(screen.getByRole("button", { name: "Create webhook" }));
    expect(onSubmit).toHaveBeenCalledWith({
      name: "Mine",
      target: "dashboard",
      url: "",
      events: ["chat.updated"],
      chatId: chat.id,
    });
  });
});

describe("WebhooksView", () => {
  it("creates a webhook (secret shown once), edits it, and deletes it after typing its name", async () => {
    withService(<WebhooksView />);
    const user = userEvent.setup();
    await screen.findByText("No webhooks yet");

    await user.click(screen.getByTestId("new-webhook"));
    const dialog = await screen.findByTestId("create-webhook-dialog");
    await user.type(within(dialog).getByLabelText("Name"), "Notifier");
    await user.type(within(dialog).getByLabelText("URL"), "https://example.com/hook");
    await user.click(within(dialog).getByRole("checkbox", { name: /chat\.created/ }));
    await user.click(within(dialog).getByRole("button", { name: "Create webhook" }));

    const secret = await screen.findByTestId("webhook-secret");
    expect(secret.textContent).toMatch(/^whsec_/);
    expect(screen.getByTestId("webhook-secret-dialog")).toHaveTextContent("You won't see this secret again");
    expect(screen.getByRole("button", { name: "Copy secret" })).toBeInTheDocument();
    // Esc does not dismiss it: the secret must be acknowledged.
    await user.keyboard("{Escape}");
    expect(screen.getByTestId("webhook-secret")).toBeInTheDocument();
    const hookId = secret.getAttribute("data-id")!;
    await user.click(screen.getByRole("button", { name: "I have stored the secret" }));
    await waitFor(() => expect(screen.queryByTestId("webhook-secret")).toBeNull());

    const row = await screen.findByTestId("webhook-row");
    expect(row).toHaveAttribute("data-id", hookId);
    await waitFor(() => expect(row).toHaveTextContent("https://example.com/hook"));
    expect(row).toHaveTextContent("chat.created");
    expect(row).not.toHaveTextContent("whsec_");

    await user.click(within(row).getByRole("button", { name: "Edit Notifier" }));
    const edit = await screen.findByTestId("edit-webhook-dialog");
    expect(within(edit).queryByLabelText("Scope")).toBeNull();
    await user.clear(within(edit).getByLabelText("Name"));
    await user.type(within(edit).getByLabelText("Name"), "Renamed");
    await user.click(within(edit).getByRole("checkbox", { name: /message\.finished/ }));
    await user.click(within(edit).getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(screen.getByTestId("webhook-row")).toHaveTextContent("Renamed"));
    expect(await client.getHook(hookId)).toMatchObject({
      name: "Renamed",
      events: ["chat.created", "message.finished"],
    });

    await user.click(within(screen.getByTestId("webhook-row")).getByRole("button", { name: "Delete Renamed" }));
    const confirm = await screen.findByTestId("delete-webhook-dialog");
    const del = within(confirm).getByRole("button", { name: "Delete webhook" });
    expect(del).toBeDisabled();
    await user.type(within(confirm).getByLabelText(/to confirm/), "Renamed");
    expect(del).toBeEnabled();
    await user.click(del);
    await screen.findByText("No webhooks yet");
    await expect(client.getHook(hookId)).rejects.toMatchObject({ status: 404 });
  });

  it("shows the service's message when it refuses the webhook (the scoped chat was deleted meanwhile)", async () => {
    const { chat } = await client.createChat({ message: "Soon gone" });
    withService(<WebhooksView />);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId("new-webhook"));
    const dialog = await screen.findByTestId("create-webhook-dialog");
    await user.type(within(dialog).getByLabelText("Name"), "Scoped");
    await user.type(within(dialog).getByLabelText("URL"), "https://example.com/hook");
    await user.click(within(dialog).getByRole("checkbox", { name: /chat\.created/ }));
    const scope = within(dialog).getByLabelText("Scope");
    await waitFor(() => expect(within(scope).getByRole("option", { name: new RegExp(chat.id) })).toBeInTheDocument());
    await user.selectOptions(scope, chat.id);
    await client.deleteChat(chat.id);
    await user.click(within(dialog).getByRole("button", { name: "Create webhook" }));
    const alert = await within(dialog).findByRole("alert");
    expect(alert).toHaveTextContent("The webhook was not created");
    expect(alert).toHaveTextContent(`chatId: chat ${chat.id} not found`);
    expect(alert).toHaveTextContent("HTTP 422");
    expect(screen.queryByTestId("webhook-secret")).toBeNull();
  });
});
