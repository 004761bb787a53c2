"use client";

import { useId, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { AppDialog } from "@/components/ui/dialog";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Spinner } from "@/components/ui/spinner";
import { inputClass } from "@/components/ui/text-field";

/**
 * Confirms an irreversible delete by typing the record's name (docs/ui.md: "typed name for irreversible deletes").
 * Open while `name` is non-null; the delete button stays disabled until the typed text matches it.
 */
export function TypedDeleteDialog({
  name,
  title,
  description,
  confirmLabel,
  errorTitle,
  testId,
  onOpenChange,
  onConfirm,
  pending,
  error,
}: {
  /** The text to type; null closes the dialog. */
  name: string | null;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  errorTitle: string;
  testId?: string;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  pending: boolean;
  error: unknown;
}) {
  const inputId = useId();
  const [typed, setTyped] = useState("");
  // Another name, or closing (null), starts empty: state adjusted while rendering, not in an effect.
  const [typedFor, setTypedFor] = useState(name);
  if (typedFor !== name) {
    setTypedFor(name);
    setTyped("");
  }
  const matches = name !== null && typed.trim() === name.trim();
  return (
    <AppDialog open={name !== null} onOpenChange={onOpenChange} title={title} testId={testId} description={description}>
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (matches && !pending) onConfirm();
        }}
      >
        <div className="space-y-1.5">
          <label htmlFor={inputId} className="text-sm">
            Type <strong className="font-mono break-all">{name}</strong> to confirm
          </label>
          <input
            id={inputId}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            className={inputClass}
            autoComplete="off"
            autoFocus
            disabled={pending}
          />
        </div>
        {error ? <ErrorPanel error={error} title={errorTitle} /> : null}
        <div className="flex justify-end gap-2">
          <Button onClick={() => onOpenChange(false)} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={pending || !matches}>
            {pending ? <Spinner /> : null}
            {confirmLabel}
          </Button>
        </div>
      </form>
    </AppDialog>
  );
}
