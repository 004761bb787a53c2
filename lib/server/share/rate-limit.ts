import "server-only";

/**
 * A flood of share-page requests is refused per address (issue 40): at most `limit` requests in a window of
 * `windowMs`, counted in this process's memory. Only the share page and its live route count; signed-in people's
 * requests never pass here. Without TRUSTED_PROXY every address shares one count (clientAddress), so the limit is
 * generous: a viewer polling every 2 seconds makes 30 a minute.
 */
export class ShareRateLimit {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit = 600,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a request from `address`; the milliseconds to wait when it is over the limit, else 0. */
  take(address: string): number {
    const now = this.now();
    let window = this.windows.get(address);
    if (!window || now - window.start >= this.windowMs) {
      if (this.windows.size > 10_000) this.sweep(now);
      window = { start: now, count: 0 };
      this.windows.set(address, window);
    }
    window.count += 1;
    return window.count > this.limit ? window.start + this.windowMs - now : 0;
  }

  private sweep(now: number): void {
    for (const [key, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(key);
  }
}

/** The process's one limiter (the page and its live route share it). */
export const shareRateLimit = new ShareRateLimit();
