import Link from "next/link";
import { cn } from "@/components/ui/cn";

/** The chat page with a file open in the files view (docs/ui.md deep link `/chats/[chatId]?file=path`). */
function fileHref(chatId: string, path: string): string {
  return `/chats/${encodeURIComponent(chatId)}?file=${encodeURIComponent(path)}`;
}

/** A file path that opens the file in the chat's files view; plain text when the chat is not known. */
export function FileLink({ chatId, path, className }: { chatId?: string; path: string; className?: string }) {
  const classes = cn("truncate font-mono text-xs", className);
  if (!chatId || !path) {
    return (
      <code className={classes} title={path}>
        {path}
      </code>
    );
  }
  return (
    <Link
      href={fileHref(chatId, path)}
      scroll={false}
      title={`Open ${path} in the files view`}
      data-testid="file-link"
      className={cn(
        classes,
        "rounded underline-offset-2 hover:text-foreground hover:underline focus-visible:underline",
      )}
    >
      {path}
    </Link>
  );
}
