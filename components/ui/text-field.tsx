import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";
import { cn } from "@/components/ui/cn";

export const inputClass =
  "h-9 w-full rounded-md border border-input bg-background px-3 text-sm outline-none placeholder:text-muted-foreground/70 focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30 focus-visible:outline-none aria-[invalid=true]:border-danger disabled:opacity-60";

interface FieldProps {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  /** Says "(optional)" after the label. */
  optional?: boolean;
}

/** The label, hint and error around one control; the control gets `aria-describedby` from `describedBy(id, …)`. */
function Field({
  id,
  label,
  hint,
  error,
  optional,
  className,
  children,
}: FieldProps & { className?: string; children: ReactNode }) {
  return (
    <div className={cn("space-y-1.5", className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {optional ? <span className="font-normal text-muted-foreground"> (optional)</span> : null}
      </label>
      {children}
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

function controlProps({ id, hint, error }: FieldProps) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return { id, name: id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy };
}

/** Separates the field's own props from those of its control. */
function split<T extends FieldProps & { className?: string }>({
  id,
  label,
  hint,
  error,
  optional,
  className,
  ...control
}: T) {
  return { field: { id, label, hint, error, optional }, className, control };
}

/** A labelled text input with its hint and its error (linked with aria-describedby). */
export function TextField(props: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const { field, className, control } = split(props);
  return (
    <Field {...field} className={className}>
      <input className={inputClass} {...controlProps(field)} {...control} />
    </Field>
  );
}

/**
 * A labelled multi-line text field, otherwise like TextField; `controlClassName` styles the text area alone (a
 * monospace value under a label in the dashboard's font).
 */
export function TextAreaField({
  controlClassName,
  ...props
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement> & { controlClassName?: string }) {
  const { field, className, control } = split(props);
  return (
    <Field {...field} className={className}>
      <textarea className={cn(inputClass, "h-auto py-2", controlClassName)} {...controlProps(field)} {...control} />
    </Field>
  );
}
