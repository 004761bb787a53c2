"use client";

import { KeyRound, RotateCw, Trash2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { SettingsSection } from "@/components/settings/settings-section";
import { Button } from "@/components/ui/button";
import { AppDialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";
import { RelativeTime } from "@/components/ui/relative-time";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { TextField } from "@/components/ui/text-field";
import type { ApiKey, ApiKeyCreated } from "@/lib/api/schemas/team";
import { useCanWrite, useIsAdmin } from "@/lib/hooks/person";
import { useApiKeys, useCreateApiKey, useDeleteApiKey, useMembers, useRotateApiKey } from "@/lib/hooks/use-team";
import { OneTimeSecretDialog } from "./one-time-secret-dialog";

/** Whose keys an admin looks at: their own, or everyone's. */
type Scope = "mine" | "all";

/**
 * Settings → API keys: a person's own keys for the service's API, each acting as them with their role. Create (the key
 * shown once), list (prefix, created, last used), rotate (a new key shown once; the old one stops at once), delete.
 * Viewers cannot create keys (the service's role table); an admin can make one for them, read-only like them.
 */
export function ApiKeysView() {
  const canWrite = useCanWrite();
  const admin = useIsAdmin();
  const [scope, setScope] = useState<Scope>("mine");
  const keys = useApiKeys(scope === "all" ? "all" : undefined);
  const members = useMembers(admin && scope === "all");
  const create = useCreateApiKey();
  const rotate = useRotateApiKey();
  const remove = useDeleteApiKey();
  const [name, setName] = useState("");
  const [shown, setShown] = useState<{ key: ApiKeyCreated; rotated: boolean } | null>(null);
  const [confirm, setConfirm] = useState<{ key: ApiKey; action: "rotate" | "delete" } | null>(null);
  const owner = (id: string) => members.data?.members.find((m) => m.id === id)?.name ?? id;
  const list = keys.data?.apiKeys ?? [];

  return (
    <SettingsSection
      id="api-keys"
      title="API keys"
      description="Keys for the service's API (Authorization: Bearer …). A key acts as its owner, with their role; disabling the owner stops their keys."
    >
      {canWrite ? (
        <form
          className="flex flex-wrap items-end gap-3"
          data-testid="api-key-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (!name.trim()) return;
            create.mutate(
              { name: name.trim() },
              {
                onSuccess: (key) => {
                  setName("");
                  setShown({ key, rotated: false });
                },
              },
            );
          }}
        >
          <TextField
            id="api-key-name"
            label="New key's name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="CI, laptop, …"
            maxLength={100}
            autoComplete="off"
            className="min-w-56 flex-1"
          />
          <Button type="submit" variant="primary" disabled={!name.trim() || create.isPending}>
            {create.isPending ? <Spinner /> : <KeyRound className="size-4" aria-hidden />}
            Create key
          </Button>
        </form>
      ) : (
        <p className="text-sm text-muted-foreground" data-testid="read-only-note">
          You have read-only access (viewer): you cannot create keys. An admin can make a key for you; it reads what you
          can read.
        </p>
      )}
      {admin ? (
        <div className="flex items-center gap-2 text-sm">
          <label htmlFor="api-keys-scope" className="text-muted-foreground">
            Show
          </label>
          <select
            id="api-keys-scope"
            value={scope}
            onChange={(e) => setScope(e.target.value as Scope)}
            className="h-8 rounded-md border border-input bg-background px-2 text-sm"
          >
            <option value="mine">My keys</option>
            <option value="all">Everyone&apos;s keys</option>
          </select>
        </div>
      ) : null}
      {create.error ? <ErrorPanel error={create.error} title="The key was not created" /> : null}
      {rotate.error ? <ErrorPanel error={rotate.error} title="The key was not rotated" /> : null}
      {remove.error ? <ErrorPanel error={remove.error} title="The key was not deleted" /> : null}
      {keys.isPending ? (
        <Skeleton className="h-14 w-full" />
      ) : keys.error ? (
        <ErrorPanel error={keys.error} title="The keys could not be read" onRetry={() => keys.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState icon={KeyRound} title="No API keys">
          {canWrite ? "Create one to call the service's API as yourself." : "Nobody made a key for you yet."}
        </EmptyState>
      ) : (
        <ul className="divide-y divide-border rounded-md border border-border" data-testid="api-keys-list">
          {list.map((key) => (
            <li
              key={key.id}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm"
              data-testid="api-key-row"
              data-id={key.id}
            >
              <div className="min-w-0 flex-1 basis-56">
                <p className="flex items-center gap-2">
                  <span className="truncate font-medium">{key.name}</span>
                  <code className="truncate font-mono text-xs text-muted-foreground">{key.prefix}…</code>
                </p>
                <p className="text-xs text-muted-foreground">
                  {scope === "all" ? `${owner(key.memberId)} · ` : ""}created <RelativeTime iso={key.createdAt} /> ·{" "}
                  {key.lastUsedAt ? (
                    <>
                      last used <RelativeTime iso={key.lastUsedAt} />
                    </>
                  ) : (
                    "never used"
                  )}
                </p>
              </div>
              {canWrite ? (
                <>
                  <Button size="sm" onClick={() => setConfirm({ key, action: "rotate" })}>
                    <RotateCw className="size-3.5" aria-hidden />
                    Rotate
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    className="text-danger hover:text-danger"
                    onClick={() => setConfirm({ key, action: "delete" })}
                  >
                    <Trash2 className="size-3.5" aria-hidden />
                    Delete
                  </Button>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <AppDialog
        open={confirm !== null}
        onOpenChange={(open) => (open ? null : setConfirm(null))}
        title={confirm ? `${confirm.action === "rotate" ? "Rotate" : "Delete"} ${confirm.key.name}?` : ""}
        description={
          confirm?.action === "rotate"
            ? "A new key replaces it; the current one stops working at once. Anything using it needs the new one."
            : "The key stops working at once. This cannot be undone."
        }
        testId="api-key-confirm"
      >
        {confirm ? (
          <div className="flex justify-end gap-2">
            <Button onClick={() => setConfirm(null)}>Cancel</Button>
            <Button
              variant={confirm.action === "delete" ? "danger" : "primary"}
              disabled={rotate.isPending || remove.isPending}
              autoFocus
              onClick={() => {
                const { key, action } = confirm;
                setConfirm(null);
                if (action === "rotate")
                  rotate.mutate(key.id, { onSuccess: (created) => setShown({ key: created, rotated: true }) });
                else remove.mutate(key.id, { onSuccess: () => toast.success(`Deleted ${key.name}`) });
              }}
            >
              {confirm.action === "rotate" ? "Rotate" : "Delete"}
            </Button>
          </div>
        ) : null}
      </AppDialog>
      <OneTimeSecretDialog
        secret={shown?.key.key ?? null}
        title={shown ? `${shown.key.name}${shown.rotated ? ": its new key" : " is ready"}` : "API key"}
        description="Use it as a bearer token: Authorization: Bearer <key>."
        label="API key"
        warning={
          <>
            <strong>You won&apos;t see this key again.</strong> Store it now; if it is lost, rotate it for a new one.
          </>
        }
        testId="api-key-secret"
        onDone={() => setShown(null)}
      />
    </SettingsSection>
  );
}
