import { acceptedFileName, MAX_FILE_BYTES, MAX_FILES_PER_CHAT, MAX_PROXY_BODY_BYTES } from "./limits";

/** A file picked on the user's machine: its path relative to what was picked, and its bytes. */
export interface PickedFile {
  path: string;
  bytes: Uint8Array;
}

export type SkipReason = "ignored-folder" | "binary" | "too-large" | "bad-name" | "duplicate";

export interface ImportPlan {
  /** What a v1 initialization (`POST /v1/chats {type: "files", files}`) sends, sorted by name. */
  files: { name: string; content: string }[];
  skipped: { path: string; reason: SkipReason }[];
  /** UTF-8 bytes of the files' contents. */
  totalBytes: number;
  /** Why the plan cannot be sent as it is (too many files or too many bytes for one request), else null. */
  blocked: string | null;
}

/** Folders no one means to import: dependencies, VCS data, build caches. */
const IGNORED_FOLDERS = new Set([
  "node_modules",
  ".git",
  ".hg",
  ".svn",
  ".next",
  ".turbo",
  ".vercel",
  ".cache",
  "__pycache__",
  ".venv",
]);
const IGNORED_FILES = new Set([".DS_Store", "Thumbs.db"]);

export const SKIP_REASONS: Record<SkipReason, string> = {
  "ignored-folder": "dependencies or tool data",
  binary: "not a text file",
  "too-large": "larger than 3 MB",
  "bad-name": "a name the service does not accept",
  duplicate: "picked twice",
};

/** The picked paths without the folder they were all picked in ("my-app/src/a.ts" → "src/a.ts"). */
function withoutCommonFolder(paths: string[]): string[] {
  const first = paths[0]?.split("/");
  if (!first || first.length < 2 || paths.some((p) => !p.startsWith(`${first[0]}/`))) return paths;
  return paths.map((p) => p.slice(first[0]!.length + 1));
}

const decoder = new TextDecoder("utf-8", { fatal: true });

/** The text of a file, or null when it is binary (a NUL byte, or bytes that are not UTF-8). */
function textOf(bytes: Uint8Array): string | null {
  if (bytes.subarray(0, 8192).includes(0)) return null;
  try {
    return decoder.decode(bytes);
  } catch {
    return null;
  }
}

const encoder = new TextEncoder();

/**
 * Turns picked files into a v1 initialization: the common picked folder removed, dependency and tool folders,
 * binary files, files over 3 MB, unacceptable names and duplicates skipped (each with its reason). Blocked when
 * more than 1,000 files remain or their contents exceed what one request through the proxy may carry.
 */
export function planImport(picked: readonly PickedFile[]): ImportPlan {
  const paths = withoutCommonFolder(picked.map((p) => p.path.replace(/\\/g, "/")));
  const files: ImportPlan["files"] = [];
  const skipped: ImportPlan["skipped"] = [];
  const seen = new Set<string>();
  let totalBytes = 0;
  picked.forEach((file, i) => {
    const path = paths[i]!;
    const segments = path.split("/");
    if (segments.slice(0, -1).some((s) => IGNORED_FOLDERS.has(s)) || IGNORED_FILES.has(segments.at(-1)!)) {
      skipped.push({ path, reason: "ignored-folder" });
      return;
    }
    const name = acceptedFileName(path);
    if (name === null) return void skipped.push({ path, reason: "bad-name" });
    if (seen.has(name)) return void skipped.push({ path, reason: "duplicate" });
    if (file.bytes.byteLength > MAX_FILE_BYTES) return void skipped.push({ path, reason: "too-large" });
    const content = textOf(file.bytes);
    if (content === null) return void skipped.push({ path, reason: "binary" });
    seen.add(name);
    totalBytes += file.bytes.byteLength;
    files.push({ name, content });
  });
  files.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  skipped.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  // JSON escaping makes the body larger than the contents: measure what would be sent.
  const bodyBytes = files.length ? encoder.encode(JSON.stringify({ type: "files", files })).byteLength : 0;
  const blocked =
    files.length > MAX_FILES_PER_CHAT
      ? `${files.length} files: a chat holds at most ${MAX_FILES_PER_CHAT}. Pick a smaller folder.`
      : bodyBytes > MAX_PROXY_BODY_BYTES
        ? `${formatMb(bodyBytes)} in all: at most ${formatMb(MAX_PROXY_BODY_BYTES)} can be imported at once. Pick fewer files.`
        : null;
  return { files, skipped, totalBytes, blocked };
}

function formatMb(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
