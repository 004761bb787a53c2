/**
 * The one test of "is this message still being generated": an assistant message without a `finishReason`
 * (interface.md 2.3). Everything that waits for an answer (the stream's recovery, the follow poll, the timeline,
 * the composer) asks this.
 */
export function isGenerating(message: { role?: string; finishReason?: string | null } | null | undefined): boolean {
  return !!message && message.role !== "user" && message.finishReason == null;
}
