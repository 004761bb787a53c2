"use client";

import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { AppDialog } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { useChats } from "@/lib/hooks/use-chats";

/** Picks chats (newest first, more on demand) to add to a project; chats already in it are not offered. */
export function AddChatsDialog({
  open,
  onOpenChange,
  exclude,
  onAdd,
  busy,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  exclude: readonly string[];
  onAdd: (chatIds: string[]) => void;
  busy: boolean;
}) {
  const { chats, isPending, hasNextPage, fetchNextPage, isFetchingNextPage, refetch } = useChats();
  const [picked, setPicked] = useState<Set<string>>(new Set());
  // Each opening starts empty (state adjusted while rendering) and asks for the chats anew (ones made elsewhere since
  // show up).
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    if (open) setPicked(new Set());
  }
  useEffect(() => {
    if (open) void refetch();
  }, [open, refetch]);
  const offered = chats.filter((c) => !exclude.includes(c.id));
  const toggle = (id: string, on: boolean) =>
    setPicked((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return (
    <AppDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add chats"
      description="Chats already in another project move here."
      testId="add-chats-dialog"
    >
      <div className="space-y-4">
        {isPending ? (
          <Spinner label="Loading chats" />
        ) : offered.length === 0 ? (
          <p className="text-sm text-muted-foreground">Every loaded chat is in this project already.</p>
        ) : (
          <fieldset className="max-h-72 space-y-1 overflow-y-auto">
            <legend className="sr-only">Chats to add</legend>
            {offered.map((c) => (
              <label
                key={c.id}
                className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-muted"
              >
                <input type="checkbox" checked={picked.has(c.id)} onChange={(e) => toggle(c.id, e.target.checked)} />
                <span className={c.title ? "truncate" : "truncate italic"}>{c.title || "Untitled chat"}</span>
                <span className="ml-auto hidden font-mono text-[11px] text-muted-foreground sm:inline">{c.id}</span>
              </label>
            ))}
          </fieldset>
        )}
        {hasNextPage ? (
          <Button size="sm" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
            {isFetchingNextPage ? <Spinner /> : null}
            Load older chats
          </Button>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button variant="primary" disabled={busy || picked.size === 0} onClick={() => onAdd([...picked])}>
            {busy ? <Spinner /> : null}
            {picked.size ? `Add ${picked.size} chat${picked.size === 1 ? "" : "s"}` : "Add chats"}
          </Button>
        </div>
      </div>
    </AppDialog>
  );
}
