/** Only same-site paths are followed after sign-in (no open redirects). */
export function safeCallbackUrl(value: unknown, fallback = "/chats"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\"))
    return fallback;
  if (value.startsWith("/sign-in") || value.startsWith("/api/")) return fallback;
  return value;
}
