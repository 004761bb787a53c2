"use client";

import { Trash2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";
import { RelativeTime } from "@/components/ui/relative-time";
import { Spinner } from "@/components/ui/spinner";
import { TextField } from "@/components/ui/text-field";
import { ReadOnlyNote } from "@/components/people/read-only-note";
import { ServiceError } from "@/lib/api/errors";
import { useCanWrite } from "@/lib/hooks/person";
import { useCreateGitCredential, useDeleteGitCredential, useGitCredentials } from "@/lib/hooks/use-git";
import { SettingsSection } from "./settings-section";

/**
 * The service's Git credentials: one token per host (`host:port` when the server has a port), used by imports,
 * pushes and pulls of that host's repositories. The service keeps tokens encrypted and never shows them again.
 */
export function GitCredentialsSettings() {
  const list = useGitCredentials();
  const create = useCreateGitCredential();
  const remove = useDeleteGitCredential();
  const canWrite = useCanWrite();
  const [host, setHost] = useState("");
  const [username, setUsername] = useState("");
  const [token, setToken] = useState("");

  // A service without this extension (another deployment) answers 404 or 405: say so instead of an error.
  if (list.error instanceof ServiceError && (list.error.status === 404 || list.error.status === 405))
    return (
      <SettingsSection id="git-credentials" title="Git credentials">
        <p className="text-sm text-muted-foreground">This service keeps no Git credentials.</p>
      </SettingsSection>
    );

  const submit = () => {
    if (!host.trim() || !token) return;
    create.mutate(
      { host: host.trim(), token, ...(username.trim() ? { username: username.trim() } : {}) },
      {
        onSuccess: (c) => {
          toast.success(`Saved the credential for ${c.host}`);
          setHost("");
          setUsername("");
          setToken("");
        },
      },
    );
  };

  return (
    <SettingsSection
      id="git-credentials"
      title="Git credentials"
      description="A token per Git host for private repositories: imports, pushes and pulls use the one of the repository's host. Tokens are stored encrypted and never shown again; adding one for a host replaces its old one."
    >
      {list.isPending ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner /> Loading…
        </p>
      ) : list.data && list.data.data.length ? (
        <ul className="divide-y divide-border rounded-md border border-border" data-testid="git-credentials-list">
          {list.data.data.map((c) => (
            <li key={c.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
              <span className="min-w-0">
                <span className="font-mono">{c.host}</span>
                <span className="block text-xs text-muted-foreground">
                  {c.username ? `as ${c.username} · ` : ""}added <RelativeTime iso={c.createdAt} />
                </span>
              </span>
              <Button
                size="sm"
                variant="ghost"
                className={canWrite ? undefined : "hidden"}
                aria-label={`Delete the credential for ${c.host}`}
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(c.id, { onSuccess: () => toast.success(`Deleted the credential for ${c.host}`) })
                }
              >
                <Trash2 className="size-4" aria-hidden />
                Delete
              </Button>
            </li>
          ))}
        </ul>
      ) : list.data ? (
        <p className="text-sm text-muted-foreground" data-testid="git-credentials-empty">
          No credentials yet: only public repositories can be imported.
        </p>
      ) : null}
      {canWrite ? null : <ReadOnlyNote>Members add and delete credentials.</ReadOnlyNote>}
      <form
        className={canWrite ? "grid gap-3 sm:grid-cols-3" : "hidden"}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        data-testid="git-credential-form"
      >
        <TextField
          id="git-credential-host"
          label="Host"
          value={host}
          onChange={(e) => setHost(e.target.value)}
          placeholder="github.com"
          autoComplete="off"
          spellCheck={false}
          required
        />
        <TextField
          id="git-credential-username"
          label="User name"
          optional
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          autoComplete="off"
          spellCheck={false}
        />
        <TextField
          id="git-credential-token"
          label="Token"
          type="password"
          value={token}
          onChange={(e) => setToken(e.target.value)}
          autoComplete="new-password"
          required
        />
        <div className="sm:col-span-3">
          <Button type="submit" variant="primary" disabled={!host.trim() || !token || create.isPending}>
            {create.isPending ? <Spinner /> : null}
            Add credential
          </Button>
        </div>
      </form>
      {create.error ? <ErrorPanel error={create.error} title="The credential was not saved" /> : null}
      {remove.error ? <ErrorPanel error={remove.error} title="The credential was not deleted" /> : null}
      {list.error ? <ErrorPanel error={list.error} title="The credentials could not be read" /> : null}
    </SettingsSection>
  );
}
