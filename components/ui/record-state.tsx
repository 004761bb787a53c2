import { ArrowLeft } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { ServiceError } from "@/lib/api/errors";
import { ErrorPanel } from "./error-panel";
import { Skeleton } from "./skeleton";

/** The "← Section" link at the top of a page that shows one record. */
export function BackLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
      <ArrowLeft className="size-4" aria-hidden />
      {children}
    </Link>
  );
}

/**
 * While one record loads, a skeleton; when it failed, what happened (a 404 says the record does not exist, other
 * errors offer a retry); null once it is there.
 */
export function RecordState({
  query,
  back,
  what,
}: {
  query: { isPending: boolean; error: Error | null; refetch: () => unknown };
  back: ReactNode;
  /** "webhook", "inbox", "project": used in "Loading the …" and "This … does not exist". */
  what: string;
}): ReactNode {
  if (query.isPending) {
    return (
      <div className="space-y-4" role="status" aria-label={`Loading the ${what}`}>
        {back}
        <Skeleton className="h-8 w-1/3" />
        <Skeleton className="h-32" />
      </div>
    );
  }
  if (query.error) {
    const missing = query.error instanceof ServiceError && query.error.status === 404;
    return (
      <div className="space-y-4">
        {back}
        <ErrorPanel
          error={query.error}
          title={missing ? `This ${what} does not exist` : `The ${what} could not be loaded`}
          onRetry={missing ? undefined : () => void query.refetch()}
        />
      </div>
    );
  }
  return null;
}
