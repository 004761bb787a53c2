import type { ReactNode } from "react";

/** A titled card on the settings page. */
export function SettingsSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="space-y-3 rounded-xl border border-border bg-card p-5"
      data-testid={`settings-${id}`}
    >
      <div className="space-y-1">
        <h2 id={`${id}-heading`} className="text-sm font-semibold">
          {title}
        </h2>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}
