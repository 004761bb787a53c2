"use client";

import { Plug, Plus } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { useCanWrite } from "@/lib/hooks/person";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Skeleton } from "@/components/ui/skeleton";
import type { McpServer } from "@/lib/api/lenient/mcp";
import { useCreateMcpServer, useMcpServers, type Navigate } from "@/lib/hooks/use-mcp-servers";
import { DeleteServerDialog } from "./delete-server-dialog";
import { EditServerDialog } from "./edit-server-dialog";
import { AppDialog } from "@/components/ui/dialog";
import { PageHeader } from "@/components/ui/page-header";
import { McpServerForm } from "./mcp-server-form";
import { McpServerRow } from "./mcp-server-row";

/** The MCP servers page: the registered servers with their connection state; register, edit, delete, connect. */
export function McpServersView({ navigate }: { navigate?: Navigate }) {
  const list = useMcpServers();
  const create = useCreateMcpServer();
  const [registering, setRegistering] = useState(false);
  const [editing, setEditing] = useState<McpServer | null>(null);
  const [deleting, setDeleting] = useState<McpServer | null>(null);
  const canWrite = useCanWrite();

  const openRegister = () => {
    create.reset();
    setRegistering(true);
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title="MCP servers"
        description="External tool servers that chats can use. Connect a server once (OAuth at its provider); the service keeps and refreshes the tokens."
        actions={
          canWrite ? (
            <Button variant="primary" onClick={openRegister}>
              <Plus className="size-4" aria-hidden />
              Register server
            </Button>
          ) : null
        }
      />

      {list.isPending ? (
        <div className="space-y-2" role="status" aria-label="Loading MCP servers">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      ) : list.error ? (
        <ErrorPanel
          error={list.error}
          title="The MCP servers could not be loaded"
          onRetry={() => void list.refetch()}
        />
      ) : list.servers.length === 0 ? (
        <EmptyState icon={Plug} title="No MCP servers yet">
          Register a server with its OAuth settings, then connect it to give chats its tools.
        </EmptyState>
      ) : (
        <ul
          className="divide-y divide-border rounded-lg border border-border bg-card"
          aria-label="Registered MCP servers"
        >
          {list.servers.map((server) => (
            <McpServerRow
              key={server.id}
              server={server}
              navigate={navigate}
              onEdit={setEditing}
              onDelete={setDeleting}
            />
          ))}
        </ul>
      )}

      <AppDialog
        focusFirstField
        open={registering}
        onOpenChange={setRegistering}
        title="Register MCP server"
        testId="register-mcp-server-dialog"
        className="max-w-2xl"
      >
        <McpServerForm
          mode="create"
          submitting={create.isPending}
          error={create.error}
          onCancel={() => setRegistering(false)}
          onSubmit={(body) =>
            create.mutate(body, {
              onSuccess: (server) => {
                setRegistering(false);
                toast.success(`Registered ${server.name}`, { description: "Connect it to let chats use its tools." });
              },
            })
          }
        />
      </AppDialog>
      <EditServerDialog server={editing} onClose={() => setEditing(null)} />
      <DeleteServerDialog server={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
