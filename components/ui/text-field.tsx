import type { InputHTMLAttributes, ReactNode } from "react";
import { cn } from "@/components/ui/cn";

export const inputClass =
  "h-9 w-full rounded-md border border-input bg-background px-3 text-sm outline-none placeholder:text-muted-foreground/70 focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30 focus-visible:outline-none aria-[invalid=true]:border-danger disabled:opacity-60";

/** A labelled text input with its hint and its error (linked with aria-describedby). */
export function TextField({
  id,
  label,
  hint,
  error,
  className,
  ...input
}: { id: string; label: string; hint?: ReactNode; error?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("space-y-1.5", className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input id={id} name={id} className={inputClass} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-xs text-danger" data-testid={`field-error-${id}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
