"use client";

import { toast } from "sonner";
import type { McpServer } from "@/lib/api/lenient/mcp";
import { useUpdateMcpServer } from "@/lib/hooks/use-mcp-servers";
import { AppDialog } from "@/components/ui/dialog";
import { McpServerForm } from "./mcp-server-form";
import { formValuesOf } from "./server-form-model";

/** Edits a server in a dialog (PATCH); closes and confirms with a toast once saved. */
export function EditServerDialog({ server, onClose }: { server: McpServer | null; onClose: () => void }) {
  const update = useUpdateMcpServer();
  const close = () => {
    update.reset();
    onClose();
  };
  return (
    <AppDialog
      focusFirstField
      open={server !== null}
      onOpenChange={(open) => (open ? null : close())}
      title={server ? `Edit ${server.name}` : "Edit MCP server"}
      testId="edit-mcp-server-dialog"
      className="max-w-2xl"
    >
      {server ? (
        <McpServerForm
          key={server.id}
          mode="edit"
          initial={formValuesOf(server)}
          hasClientSecret={server.oauthConfig?.hasClientSecret ?? false}
          storedHeaderNames={server.auth.headerNames}
          submitting={update.isPending}
          error={update.error}
          onCancel={close}
          onSubmit={(body) =>
            update.mutate(
              { id: server.id, body },
              {
                onSuccess: (saved) => {
                  close();
                  toast.success(`Saved ${saved.name}`, {
                    description: saved.auth.connected ? undefined : "Connect it again to use its tools.",
                  });
                },
              },
            )
          }
        />
      ) : null}
    </AppDialog>
  );
}
