import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";

const WIDTHS = { "2xl": "max-w-2xl", "3xl": "max-w-3xl", "4xl": "max-w-4xl" } as const;

/** The scrolling, centred column of a list or detail page (a server component: pages put client views in it). */
export function PageBody({
  width = "3xl",
  className,
  children,
}: {
  width?: keyof typeof WIDTHS;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className="h-full overflow-y-auto">
      <div className={cn("mx-auto px-4 py-8", WIDTHS[width], className)}>{children}</div>
    </div>
  );
}
