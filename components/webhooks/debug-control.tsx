import type { ReactNode } from "react";

/** One control's frame: a title, what it does, the control, and the note when the deployment lacks it. */
export function Control({
  title,
  children,
  unsupported,
}: {
  title: string;
  children: ReactNode;
  unsupported: string | null;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <h3 className="font-medium">{title}</h3>
      {children}
      {unsupported ? (
        <p role="note" className="text-xs text-muted-foreground">
          {unsupported}
        </p>
      ) : null}
    </div>
  );
}
