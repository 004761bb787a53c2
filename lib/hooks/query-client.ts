import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { ServiceError } from "@/lib/api/errors";
import { isSignedOut } from "@/lib/api/signed-out";

/** Client errors (4xx) are answers, not hiccups: they are not retried. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ServiceError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * The dashboard's own 401 (no live session: signed out elsewhere, disabled, or the person's sessions were ended): the
 * page goes to the sign-in page, which comes back here afterwards.
 */
function toSignInWhenSignedOut(error: unknown): void {
  if (!isSignedOut(error) || typeof window === "undefined") return;
  const back = `${window.location.pathname}${window.location.search}`;
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a full load on purpose: the signed-out page's caches and person go with it
  window.location.href = `/sign-in?callbackUrl=${encodeURIComponent(back)}`;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: toSignInWhenSignedOut }),
    mutationCache: new MutationCache({ onError: toSignInWhenSignedOut }),
    defaultOptions: {
      queries: { staleTime: 5_000, retry: shouldRetry, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}
