"use client";

import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";

interface ConsentClient {
  id: string;
  name: string | null;
  uri: string | null;
  /** Known by its client ID metadata document (an https URL) rather than registered here. */
  metadataDocument: boolean;
  redirectHost: string;
}

interface ConsentAccount {
  id: string;
  label: string;
  detail: string;
}

/**
 * The consent step of the remote MCP endpoint's OAuth flow: who asks (the client's name and where the answer goes),
 * which account (the embedded service has one), approve or deny. The server action answers with where the browser
 * goes next (the client's registered redirect URI), or an error to show.
 */
export function ConsentForm({
  params,
  client,
  account,
  userName,
  decide,
}: {
  params: Record<string, string>;
  client: ConsentClient;
  account: ConsentAccount;
  userName: string;
  decide: (
    params: Record<string, string>,
    account: string,
    approve: boolean,
  ) => Promise<{ redirectTo: string } | { error: string }>;
}) {
  const [chosen, setChosen] = useState(account.id);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const [answered, setAnswered] = useState<"approved" | "denied" | null>(null);
  const name = client.name?.trim() || "An unnamed MCP client";

  const answer = (approve: boolean) =>
    startTransition(async () => {
      setError(null);
      const result = await decide(params, chosen, approve);
      if ("error" in result) {
        setError(result.error);
        return;
      }
      setAnswered(approve ? "approved" : "denied");
      window.location.assign(result.redirectTo);
    });

  return (
    <section
      aria-labelledby="consent-heading"
      className="space-y-5 rounded-xl border border-border bg-card p-6"
      data-testid="oauth-consent"
    >
      <div className="space-y-1">
        <h1 id="consent-heading" className="text-lg font-semibold">
          Connect <span data-testid="consent-client-name">{name}</span>?
        </h1>
        <p className="text-sm text-muted-foreground">
          It asks to use this dashboard&apos;s embedded service through its MCP endpoint: list, create and read chats
          and send messages, as you.
        </p>
        <p className="text-sm text-muted-foreground">
          The name is the client&apos;s own; approve only if you started this connection and know where it returns to.
        </p>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted-foreground">Returns to</dt>
        <dd className="font-mono break-all" data-testid="consent-redirect-host">
          {client.redirectHost}
        </dd>
        {client.uri ? (
          <>
            <dt className="text-muted-foreground">Website</dt>
            <dd className="break-all">{client.uri}</dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">Client ID</dt>
        <dd className="font-mono text-xs break-all">
          {client.id}
          {client.metadataDocument ? " (metadata document)" : ""}
        </dd>
        <dt className="text-muted-foreground">Signed in as</dt>
        <dd>{userName}</dd>
      </dl>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Account</legend>
        <label className="flex items-start gap-3 rounded-md border border-border p-3 text-sm">
          <input
            type="radio"
            name="account"
            value={account.id}
            checked={chosen === account.id}
            onChange={() => setChosen(account.id)}
            className="mt-1"
          />
          <span>
            <span className="block font-medium">{account.label}</span>
            <span className="block font-mono text-xs text-muted-foreground">{account.detail}</span>
          </span>
        </label>
      </fieldset>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      {answered ? (
        <p role="status" className="text-sm text-muted-foreground">
          {answered === "approved" ? "Approved" : "Denied"}: returning to {client.redirectHost}…
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" disabled={pending || answered !== null} onClick={() => answer(false)}>
          Deny
        </Button>
        <Button variant="primary" disabled={pending || answered !== null} onClick={() => answer(true)}>
          Approve
        </Button>
      </div>
    </section>
  );
}
