import {
  Braces,
  File,
  FileCode,
  FileImage,
  FileJson,
  FileTerminal,
  FileText,
  FileType,
  Folder,
  FolderOpen,
  Palette,
  Settings,
  type LucideIcon,
} from "lucide-react";
import { extensionOf, languageOf } from "@/lib/api/files";
import { cn } from "@/components/ui/cn";

const IMAGE_EXT = new Set(["png", "jpg", "jpeg", "gif", "webp", "avif", "ico", "bmp", "svg"]);
const FONT_EXT = new Set(["woff", "woff2", "ttf", "otf", "eot"]);

/** The icon (and a muted accent) for a file by its type. */
function iconForPath(path: string): { icon: LucideIcon; className: string } {
  const ext = extensionOf(path);
  if (IMAGE_EXT.has(ext)) return { icon: FileImage, className: "text-emerald-600 dark:text-emerald-400" };
  if (FONT_EXT.has(ext)) return { icon: FileType, className: "text-muted-foreground" };
  const lang = languageOf(path);
  switch (lang) {
    case "json":
    case "jsonc":
    case "json5":
      return { icon: FileJson, className: "text-amber-600 dark:text-amber-400" };
    case "css":
    case "scss":
    case "sass":
    case "less":
      return { icon: Palette, className: "text-sky-600 dark:text-sky-400" };
    case "markdown":
    case "mdx":
    case "text":
      return { icon: FileText, className: "text-muted-foreground" };
    case "shellscript":
    case "dockerfile":
    case "makefile":
      return { icon: FileTerminal, className: "text-slate-600 dark:text-slate-300" };
    case "yaml":
    case "toml":
    case "ini":
    case "properties":
    case "dotenv":
      return { icon: Settings, className: "text-muted-foreground" };
    case "html":
    case "xml":
    case "vue":
    case "svelte":
    case "astro":
      return { icon: FileCode, className: "text-orange-600 dark:text-orange-400" };
    case "typescript":
    case "tsx":
      return { icon: FileCode, className: "text-blue-600 dark:text-blue-400" };
    case "javascript":
    case "jsx":
      return { icon: FileCode, className: "text-yellow-600 dark:text-yellow-400" };
    case "graphql":
    case "prisma":
    case "sql":
      return { icon: Braces, className: "text-pink-600 dark:text-pink-400" };
    default:
      return lang === "text"
        ? { icon: File, className: "text-muted-foreground" }
        : { icon: FileCode, className: "text-indigo-600 dark:text-indigo-400" };
  }
}

export function FileIcon({ path, className }: { path: string; className?: string }) {
  const { icon: Icon, className: accent } = iconForPath(path);
  return <Icon className={cn("size-4 shrink-0", accent, className)} aria-hidden />;
}

export function FolderIcon({ open, className }: { open: boolean; className?: string }) {
  const Icon = open ? FolderOpen : Folder;
  return <Icon className={cn("size-4 shrink-0 text-amber-500 dark:text-amber-400", className)} aria-hidden />;
}
