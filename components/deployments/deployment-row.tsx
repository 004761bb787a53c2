"use client";

import { Trash2 } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Disclosure } from "@/components/ui/disclosure";
import { MonoId } from "@/components/ui/mono-id";
import { RelativeTime } from "@/components/ui/relative-time";
import type { DeploymentReadV1 } from "@/lib/api/schemas/v1";
import { DeploymentLogs } from "./deployment-logs";
import { DeploymentStatus } from "./deployment-status";
import { DeploymentUrl } from "./deployment-url";

/** One deployment: state, time, version (and chat, on a project), its URL, its build log, delete. */
export function DeploymentRow({
  deployment,
  showChat,
  onDelete,
}: {
  deployment: DeploymentReadV1;
  showChat: boolean;
  onDelete: (deployment: DeploymentReadV1) => void;
}) {
  const d = deployment;
  // Open while it builds or after it failed (and stays open when the build ends under the reader's eyes).
  const [logsOpen] = useState(d.status === "pending" || d.status === "error");
  return (
    <li
      className="space-y-2 rounded-md border border-border p-3"
      data-testid="deployment-row"
      data-id={d.id}
      data-status={d.status ?? "unknown"}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 items-center gap-2">
          <DeploymentStatus status={d.status} />
          {d.createdAt ? <RelativeTime iso={d.createdAt} className="text-xs text-muted-foreground" /> : null}
        </div>
        <Button
          size="icon"
          variant="ghost"
          aria-label={`Delete deployment ${d.id}`}
          title="Delete deployment"
          onClick={() => onDelete(d)}
          data-testid="delete-deployment"
        >
          <Trash2 className="size-4" aria-hidden />
        </Button>
      </div>
      <DeploymentUrl url={d.webUrl} ready={d.status === "ready" || d.status === undefined} />
      <div className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground">
        <span className="flex min-w-0 items-center gap-1">
          version <MonoId id={d.versionId} label="version id" />
        </span>
        {showChat ? (
          <Link
            href={`/chats/${encodeURIComponent(d.chatId)}`}
            className="font-mono underline-offset-2 hover:underline"
          >
            {d.chatId}
          </Link>
        ) : null}
      </div>
      <Disclosure summary="Build log" defaultOpen={logsOpen}>
        <DeploymentLogs deployment={d} />
      </Disclosure>
    </li>
  );
}
