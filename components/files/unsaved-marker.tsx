import { cn } from "@/components/ui/cn";

/** The dot that marks unsaved edits (on the file's tree row, the Files tab and the editor's title). */
export function UnsavedMarker({ className, testId }: { className?: string; testId: string }) {
  return (
    <span className={cn("text-amber-600 dark:text-amber-400", className)} title="Unsaved changes" data-testid={testId}>
      ●<span className="sr-only"> (unsaved changes)</span>
    </span>
  );
}
