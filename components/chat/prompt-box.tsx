"use client";

import { ArrowUp, Paperclip, Square } from "lucide-react";
import {
  useEffect,
  useRef,
  useState,
  type ClipboardEvent,
  type DragEvent,
  type FormEvent,
  type KeyboardEvent,
} from "react";
import { cn } from "@/components/ui/cn";
import { Spinner } from "@/components/ui/spinner";
import { PendingChips } from "./attachments/pending-chips";
import type { PendingAttachments } from "./attachments/use-pending-attachments";

interface PromptBoxProps {
  /** Returns true (or nothing) when the prompt was accepted: the box is cleared. False keeps the text. */
  onSubmit: (prompt: string) => Promise<boolean | void> | boolean | void;
  label: string;
  placeholder?: string;
  busy?: boolean;
  disabled?: boolean;
  disabledReason?: string;
  autoFocus?: boolean;
  rows?: number;
  className?: string;
  /** While the agent generates: the action button stops it instead of sending (Esc in the box does too). */
  stop?: StopAction;
  /**
   * Files to send with the prompt: an "Attach files" picker, a drop onto the box, a pasted screenshot; chips above
   * the text; sending waits while they break a limit (the reason is shown).
   */
  attachments?: PendingAttachments;
  /** Told the text as it changes (the context meter counts the draft). */
  onDraftChange?: (text: string) => void;
}

export interface StopAction {
  onStop: () => void;
  /** The generating message is known (a sync send learns it only at the end). */
  ready: boolean;
  pending: boolean;
}

/** A prompt textarea: Enter sends, Shift+Enter adds a newline; grows with its content; optionally takes files. */
export function PromptBox({
  onSubmit,
  label,
  placeholder,
  busy = false,
  disabled = false,
  disabledReason,
  autoFocus = false,
  rows = 2,
  className,
  stop,
  attachments,
  onDraftChange,
}: PromptBoxProps) {
  const [value, setValueState] = useState("");
  const setValue = (text: string) => {
    setValueState(text);
    onDraftChange?.(text);
  };
  const [dragging, setDragging] = useState(false);
  const ref = useRef<HTMLTextAreaElement>(null);
  const blocked = busy || disabled || !!attachments?.blocked;
  const canSend = value.trim().length > 0 && !blocked;

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.height = "auto";
    el.style.height = `${Math.min(el.scrollHeight, 320)}px`;
  }, [value]);

  const submit = async () => {
    const prompt = value.trim();
    if (!prompt || blocked) return;
    const accepted = await onSubmit(prompt);
    if (accepted !== false) setValue("");
  };

  const canStop = !!stop && stop.ready && !stop.pending;
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Escape" && canStop) {
      event.preventDefault();
      stop.onStop();
      return;
    }
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  const onFormSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  // Files dropped onto the box, or pasted into it (a pasted image is a screenshot); text pastes as usual.
  const hasFiles = (event: DragEvent) => !!attachments && event.dataTransfer.types.includes("Files");
  const onDragOver = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    setDragging(true);
  };
  const onDrop = (event: DragEvent) => {
    setDragging(false);
    if (!hasFiles(event)) return;
    event.preventDefault();
    attachments!.add([...event.dataTransfer.files]);
  };
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = [...event.clipboardData.files];
    if (!attachments || !files.length) return;
    event.preventDefault();
    attachments.add(files, { screenshot: true });
  };

  return (
    <form
      onSubmit={onFormSubmit}
      onDragOver={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      data-dragging={dragging || undefined}
      className={cn(
        "flex flex-wrap items-end gap-2 rounded-xl border border-input bg-card p-2 shadow-sm focus-within:border-ring focus-within:ring-2 focus-within:ring-ring/30",
        dragging && "border-ring ring-2 ring-ring/40",
        className,
      )}
    >
      {attachments ? (
        <div className="w-full empty:hidden">
          <PendingChips items={attachments.items} onRemove={attachments.remove} />
          {attachments.blocked ? (
            <p role="alert" className="px-1 pt-1 text-xs text-danger">
              {attachments.blocked}
            </p>
          ) : null}
        </div>
      ) : null}
      {attachments ? (
        <label
          title="Attach files (or drop them here, or paste a screenshot) · at most 10, 3 MB each"
          className="inline-flex size-9 shrink-0 cursor-pointer items-center justify-center rounded-lg text-muted-foreground transition-colors focus-within:ring-2 focus-within:ring-ring hover:bg-muted hover:text-foreground"
        >
          <Paperclip className="size-4" aria-hidden />
          <input
            type="file"
            multiple
            aria-label="Attach files"
            className="sr-only"
            disabled={disabled}
            onChange={(e) => {
              attachments.add([...(e.target.files ?? [])]);
              e.target.value = "";
            }}
          />
        </label>
      ) : null}
      <textarea
        ref={ref}
        data-testid="composer"
        aria-label={label}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        placeholder={placeholder}
        rows={rows}
        autoFocus={autoFocus}
        aria-disabled={disabled || undefined}
        readOnly={disabled}
        className="min-h-10 flex-1 resize-none bg-transparent px-2 py-1.5 text-[0.95rem] outline-none placeholder:text-muted-foreground focus-visible:outline-none"
      />
      {stop ? (
        <button
          type="button"
          data-testid="stop-button"
          onClick={stop.onStop}
          disabled={!canStop}
          aria-label={stop.pending ? "Stopping" : "Stop generating"}
          title={
            stop.ready
              ? "Stop generating (Esc): the answer keeps what it has"
              : "Stop works once the answer has started"
          }
          className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg border border-border bg-background text-foreground transition-colors hover:bg-muted disabled:opacity-40"
        >
          {stop.pending ? <Spinner className="size-4" /> : <Square className="size-3.5 fill-current" aria-hidden />}
        </button>
      ) : (
        <button
          type="submit"
          data-testid="send-button"
          disabled={!canSend}
          aria-label={busy ? "Sending" : "Send"}
          title={
            disabled && disabledReason
              ? disabledReason
              : (attachments?.blocked ?? "Send (Enter) · newline (Shift+Enter)")
          }
          className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground transition-opacity hover:opacity-90 disabled:opacity-40"
        >
          {busy ? <Spinner className="size-4" /> : <ArrowUp className="size-4" aria-hidden />}
        </button>
      )}
    </form>
  );
}
