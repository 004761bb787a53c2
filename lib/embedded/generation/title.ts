import "server-only";

const LEADING =
  /^(?:please\s+)?(?:(?:can|could|would)\s+you\s+)?(?:(?:build|make|create|generate|write|design|code|develop|implement|give\s+me|i\s+want|i\s+need)\s+(?:me\s+)?)?(?:(?:an?|the|some)\s+)?/i;
const MAX_WORDS = 7;
const MAX_CHARS = 60;

/** What the agent builds when the prompt says nothing beyond directives. */
export const DEFAULT_SUBJECT = "a small web app";

/** A short title from the prompt: leading request verbs and articles dropped, at most 7 words, capitalized. */
export function generateTitle(text: string): string {
  const cleaned = text
    .replace(/[`*_#>\[\]()]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  const subject = cleaned.replace(LEADING, "").trim() || cleaned || DEFAULT_SUBJECT.replace(/^a\s+/, "");
  const firstSentence = subject.split(/(?<=[.!?])\s|[\n;:]/)[0] ?? subject;
  // "todo app with dark mode" → "Todo app": the thing, without its feature list, when that leaves a name.
  const head = firstSentence.split(/\s(?:with|that|which|including|featuring|using)\s/i)[0]!;
  const words = (head.split(" ").length >= 2 ? head : firstSentence).split(" ");
  let title = words.slice(0, MAX_WORDS).join(" ");
  if (title.length > MAX_CHARS) title = `${title.slice(0, MAX_CHARS - 1).trimEnd()}…`;
  title = title.replace(/[\s.,!?;:-]+$/, "");
  return title.charAt(0).toUpperCase() + title.slice(1) || "Untitled app";
}

/** A file-system friendly slug of a title (package names in the build output). */
export function slugify(title: string): string {
  return (
    title
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 40) || "app"
  );
}
