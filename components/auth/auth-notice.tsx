import { ShieldAlert } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { AuthShell } from "./auth-shell";

/** A page of its own outside the dashboard (a refused sign-in, an invitation that cannot be used): what and what next. */
export function AuthNotice({
  title,
  children,
  testId,
  data,
  link,
}: {
  title: string;
  children: ReactNode;
  testId: string;
  data?: Record<`data-${string}`, string>;
  link: { href: string; label: string };
}) {
  return (
    <main className="grid min-h-dvh place-items-center bg-surface px-4">
      <AuthShell>
        <div
          role="alert"
          className="space-y-3 rounded-xl border border-border bg-card p-6 shadow-sm"
          data-testid={testId}
          {...data}
        >
          <h1 className="flex items-center gap-2 text-lg font-semibold">
            <ShieldAlert className="size-5 shrink-0 text-danger" aria-hidden />
            {title}
          </h1>
          <p className="text-sm text-muted-foreground">{children}</p>
          <Link href={link.href} className="inline-block text-sm font-medium text-primary hover:underline">
            {link.label}
          </Link>
        </div>
      </AuthShell>
    </main>
  );
}
