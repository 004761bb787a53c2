"use client";

import { Button } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "sonner";
import type { McpServer } from "@/lib/api/lenient/mcp";
import { useDeleteMcpServer } from "@/lib/hooks/use-mcp-servers";
import { AppDialog } from "@/components/ui/dialog";

/** Confirms deleting a server (irreversible: its stored tokens go with it, chats no longer get its tools). */
export function DeleteServerDialog({
  server,
  onClose,
  onDeleted,
}: {
  server: McpServer | null;
  onClose: () => void;
  onDeleted?: (server: McpServer) => void;
}) {
  const remove = useDeleteMcpServer();
  const pending = remove.isPending;
  const error = remove.error;
  const onOpenChange = (open: boolean) => {
    if (open) return;
    remove.reset();
    onClose();
  };
  const onConfirm = (s: McpServer) =>
    remove.mutate(s.id, {
      onSuccess: () => {
        toast.success(`Deleted ${s.name}`);
        onOpenChange(false);
        onDeleted?.(s);
      },
    });
  return (
    <AppDialog
      focusFirstField
      open={server !== null}
      onOpenChange={onOpenChange}
      title="Delete MCP server?"
      testId="delete-mcp-server-dialog"
      description={
        <>
          <span className="font-medium text-foreground">{server?.name}</span> and its stored tokens are deleted. Chats
          will no longer get its tools. This cannot be undone.
        </>
      }
    >
      <div className="space-y-4">
        {error ? <ErrorPanel error={error} title="The server was not deleted" /> : null}
        <div className="flex justify-end gap-2">
          <Button onClick={() => onOpenChange(false)} disabled={pending} data-autofocus>
            Cancel
          </Button>
          <Button variant="danger" disabled={pending || server === null} onClick={() => server && onConfirm(server)}>
            {pending ? <Spinner /> : null}
            Delete
          </Button>
        </div>
      </div>
    </AppDialog>
  );
}
