"use client";

import { RESPONSE_MODES, useStoredResponseMode, type ResponseMode } from "@/lib/hooks/response-mode";
import { cn } from "@/components/ui/cn";

/** The response mode the user last chose (stream until the browser's choice is read after mount). */
export function useResponseMode(): [ResponseMode, (mode: ResponseMode) => void] {
  return useStoredResponseMode();
}

/** Stream / Async / Sync as a small radio group (arrow keys move between the options). */
export function ResponseModePicker({
  value,
  onChange,
  disabled,
  className,
}: {
  value: ResponseMode;
  onChange: (mode: ResponseMode) => void;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <fieldset
      data-testid="response-mode"
      className={cn("inline-flex items-center gap-1 text-xs", className)}
      disabled={disabled}
    >
      <legend className="sr-only">Response mode</legend>
      <span aria-hidden className="mr-1 text-muted-foreground">
        Response
      </span>
      {RESPONSE_MODES.map(({ mode, label, hint }) => (
        <label
          key={mode}
          title={hint}
          className={cn(
            "cursor-pointer rounded-md border px-2 py-0.5 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring/40",
            value === mode
              ? "border-ring bg-muted font-medium text-foreground"
              : "border-transparent text-muted-foreground hover:bg-muted",
          )}
        >
          <input
            type="radio"
            name="response-mode"
            value={mode}
            checked={value === mode}
            onChange={() => onChange(mode)}
            className="sr-only"
          />
          {label}
        </label>
      ))}
    </fieldset>
  );
}
