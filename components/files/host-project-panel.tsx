"use client";

import { Server } from "lucide-react";
import { useChat } from "@/lib/hooks/use-chat";
import { useCreateHostProject } from "@/lib/hooks/use-files";
import { Button } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";
import { MonoId } from "@/components/ui/mono-id";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";

function EnvNote() {
  return (
    <div
      className="space-y-1.5 rounded-md border border-border bg-muted/40 p-3 text-xs text-muted-foreground"
      data-testid="env-note"
    >
      <p className="font-medium text-foreground">Environment variables</p>
      <p>
        The agent reads the host project&apos;s environment variables when it generates code: variables you add, change
        or remove take effect on the <strong>next message</strong> you send.
      </p>
      <p>
        Variables of the hosting provider&apos;s <em>sensitive</em> type are not exposed to the environment the agent
        works in: do not use them for values the agent needs.
      </p>
    </div>
  );
}

/**
 * The chat's hosting project (interface.md 2.1 `hostProjectId`): shown when linked; otherwise a "Create host project"
 * button (`POST /v2/chats/{chatId}/host-project`). Flows that depend on a host project (environment
 * variables) are only offered once the chat has one (interface.md 7.6): without it nothing here calls them.
 */
export function HostProjectPanel({ chatId }: { chatId: string }) {
  const chat = useChat(chatId);
  const create = useCreateHostProject(chatId);
  const hostProjectId = chat.data?.hostProjectId ?? create.data?.hostProjectId;

  return (
    <section className="space-y-4 p-4" aria-labelledby="host-project-heading" data-testid="host-project">
      <div className="flex items-center gap-2">
        <Server className="size-4 text-muted-foreground" aria-hidden />
        <h2 id="host-project-heading" className="text-sm font-semibold">
          Host project
        </h2>
      </div>
      {chat.isPending ? (
        <Skeleton className="h-8 w-56" />
      ) : chat.error ? (
        <ErrorPanel error={chat.error} title="The chat could not be loaded" onRetry={() => void chat.refetch()} />
      ) : hostProjectId ? (
        <div className="space-y-3">
          <p className="text-sm">This chat is linked to the host project</p>
          <div data-testid="host-project-id" data-id={hostProjectId}>
            <MonoId id={hostProjectId} label="host project id" />
          </div>
          <EnvNote />
        </div>
      ) : (
        <div className="space-y-3">
          <p className="text-sm text-muted-foreground">
            This chat has no host project yet. Create one to deploy the app and to give the agent environment variables.
          </p>
          <Button
            variant="primary"
            size="sm"
            onClick={() => create.mutate()}
            disabled={create.isPending}
            data-testid="create-host-project"
          >
            {create.isPending ? <Spinner /> : <Server className="size-4" aria-hidden />}
            Create host project
          </Button>
          {create.error ? (
            <ErrorPanel
              error={create.error}
              title="The host project could not be created"
              onRetry={() => create.mutate()}
            />
          ) : null}
          <EnvNote />
        </div>
      )}
    </section>
  );
}
