"use client";

import { ArrowUp, Square } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { cn } from "@/components/ui/cn";
import { Spinner } from "@/components/ui/spinner";

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
}

export interface StopAction {
  onStop: () => void;
  /** The generating message is known (a sync send learns it only at the end). */
  ready: boolean;
  pending: boolean;
}

/** A prompt textarea: Enter sends, Shift+Enter adds a newline; grows with its content. */
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
}: PromptBoxProps) {
  const [value, setValue] = useState("");
  const ref = useRef<HTMLTextAreaElement>(null);
  const blocked = busy || disabled;
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

  return (
    <form
      onSubmit={onFormSubmit}
      className={cn(
        "flex items-end gap-2 rounded-xl border border-input bg-card p-2 shadow-sm focus-within:border-ring focus-within:ring-2 focus-within:ring-ring/30",
        className,
      )}
    >
      <textarea
        ref={ref}
        data-testid="composer"
        aria-label={label}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={onKeyDown}
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
          title={disabled && disabledReason ? disabledReason : "Send (Enter) · newline (Shift+Enter)"}
          className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground transition-opacity hover:opacity-90 disabled:opacity-40"
        >
          {busy ? <Spinner className="size-4" /> : <ArrowUp className="size-4" aria-hidden />}
        </button>
      )}
    </form>
  );
}
