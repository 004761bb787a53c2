import type { ReactNode } from "react";

/**
 * A titled section of a side panel's tab (the chat's Details: export, delete): heading, a short explanation, then
 * its controls. `id` names the heading the section is labelled by.
 */
export function PanelSection({
  id,
  title,
  description,
  testId,
  children,
}: {
  id: string;
  title: string;
  description: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section className="space-y-3 border-t border-border p-4" aria-labelledby={`${id}-heading`} data-testid={testId}>
      <h2 id={`${id}-heading`} className="text-sm font-semibold">
        {title}
      </h2>
      <p className="text-xs text-muted-foreground">{description}</p>
      {children}
    </section>
  );
}
