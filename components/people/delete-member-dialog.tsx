"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { AppDialog } from "@/components/ui/dialog";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Spinner } from "@/components/ui/spinner";
import type { Member } from "@/lib/api/schemas/team";

const KEEP = "";

/**
 * Deleting a person: their chats stay (with them as author) unless handed to someone else here. They can no longer
 * sign in; their keys stop working.
 */
export function DeleteMemberDialog({
  member,
  others,
  pending,
  error,
  onOpenChange,
  onConfirm,
}: {
  /** Null: closed. */
  member: Member | null;
  /** Who may receive their chats (the other active people). */
  others: Member[];
  pending: boolean;
  error: unknown;
  onOpenChange: (open: boolean) => void;
  onConfirm: (transferTo: string | null) => void;
}) {
  const [transferTo, setTransferTo] = useState(KEEP);
  const [shownFor, setShownFor] = useState(member?.id);
  if (shownFor !== member?.id) {
    setShownFor(member?.id);
    setTransferTo(KEEP);
  }
  return (
    <AppDialog
      open={member !== null}
      onOpenChange={onOpenChange}
      title={member ? `Delete ${member.name}?` : "Delete"}
      description="They can no longer sign in, and their API keys stop working. This cannot be undone."
      testId="delete-member-dialog"
    >
      {member ? (
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (!pending) onConfirm(transferTo || null);
          }}
        >
          <div className="space-y-1.5">
            <label htmlFor="transfer-chats" className="text-sm font-medium">
              Their chats
            </label>
            <select
              id="transfer-chats"
              value={transferTo}
              onChange={(e) => setTransferTo(e.target.value)}
              className="h-9 w-full rounded-md border border-input bg-background px-2 text-sm"
            >
              <option value={KEEP}>Keep them, with {member.name} as their author</option>
              {others.map((m) => (
                <option key={m.id} value={m.id}>
                  Hand them to {m.name} ({m.email})
                </option>
              ))}
            </select>
          </div>
          {error ? <ErrorPanel error={error} title={`${member.name} was not deleted`} /> : null}
          <div className="flex justify-end gap-2">
            <Button onClick={() => onOpenChange(false)}>Cancel</Button>
            <Button type="submit" variant="danger" disabled={pending}>
              {pending ? <Spinner /> : null}
              Delete {member.name}
            </Button>
          </div>
        </form>
      ) : null}
    </AppDialog>
  );
}
