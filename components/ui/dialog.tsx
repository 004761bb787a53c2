"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";

/** The dimmed backdrop every dashboard dialog shares (inside a Radix Dialog.Portal). */
export function DialogOverlay() {
  return <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40 backdrop-blur-[1px]" />;
}

/** A Radix dialog (focus trapped, Esc closes unless it must be acknowledged, labelled by its title) in the dashboard's look. */
export function AppDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  className,
  testId,
  dismissible = true,
  focusFirstField = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
  /** False: Esc and outside clicks do not close it (the one-time secret must be acknowledged). */
  dismissible?: boolean;
  /** Start where the work is: an element marked data-autofocus, else the first field (not the close button). */
  focusFirstField?: boolean;
}) {
  const block = dismissible ? undefined : (e: Event) => e.preventDefault();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <DialogOverlay />
        <Dialog.Content
          data-testid={testId}
          onEscapeKeyDown={block}
          onPointerDownOutside={block}
          onInteractOutside={block}
          className={cn(
            "fixed top-1/2 left-1/2 z-50 flex max-h-[90dvh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl border border-border bg-card shadow-xl focus:outline-none",
            className,
          )}
          onOpenAutoFocus={
            focusFirstField
              ? (event) => {
                  const target = (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>(
                    "[data-autofocus], input:not([type=hidden]), textarea, select",
                  );
                  if (target) {
                    event.preventDefault();
                    target.focus();
                  }
                }
              : undefined
          }
          {...(description ? {} : { "aria-describedby": undefined })}
        >
          <div className="flex items-start justify-between gap-4 border-b border-border px-5 py-4">
            <div className="space-y-1">
              <Dialog.Title className="text-base font-semibold">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className="text-sm text-muted-foreground">{description}</Dialog.Description>
              ) : null}
            </div>
            {dismissible ? (
              <Dialog.Close asChild>
                <Button variant="ghost" size="icon" aria-label="Close">
                  <X className="size-4" aria-hidden />
                </Button>
              </Dialog.Close>
            ) : null}
          </div>
          <div className="min-h-0 overflow-y-auto px-5 py-4">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
