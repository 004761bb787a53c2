/**
 * `Retry-After` (RFC 9110 10.2.3): delay-seconds or an HTTP date. A quota's 429 sends the seconds until the next
 * UTC midnight; the dashboard says when to try again.
 */

/** The seconds to wait from `now`, or undefined when the header is absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

const two = (n: number) => String(n).padStart(2, "0");

/** How long `seconds` is, in words: "a few seconds", "12 minutes", "3 h 5 min". */
export function waitText(seconds: number): string {
  if (seconds < 60) return "a few seconds";
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? "" : "s"}`;
  const rest = minutes % 60;
  return `${Math.floor(minutes / 60)} h${rest ? ` ${rest} min` : ""}`;
}

/** The UTC clock time `seconds` after `now`: "14:32 UTC", with the date when a day or more away. */
export function clockText(seconds: number, now: number = Date.now()): string {
  const at = new Date(now + seconds * 1000);
  const clock = `${two(at.getUTCHours())}:${two(at.getUTCMinutes())} UTC`;
  return seconds >= 86_400 ? `${at.toISOString().slice(0, 10)} ${clock}` : clock;
}

/** "Try again in 12 minutes (at 14:32 UTC)."; "in 3 h 5 min (at 00:00 UTC)"; "in a few seconds" under a minute. */
export function retryAfterText(seconds: number, now: number = Date.now()): string {
  return `Try again in ${waitText(seconds)} (at ${clockText(seconds, now)}).`;
}
