import type { ReactNode } from "react";
import { ThemeToggle } from "@/components/theme/theme-toggle";

/** The frame of the pages outside the dashboard (sign-in, a refused sign-in, an invitation): the name and the theme. */
export function AuthShell({ children }: { children: ReactNode }) {
  return (
    <div className="w-full max-w-sm">
      <div className="mb-6 flex items-center justify-between">
        <div className="flex items-center gap-2 text-lg font-semibold tracking-tight">
          <span
            aria-hidden
            className="grid size-8 place-items-center rounded-md bg-primary font-bold text-primary-foreground"
          >
            A
          </span>
          Atelier
        </div>
        <ThemeToggle />
      </div>
      {children}
    </div>
  );
}
