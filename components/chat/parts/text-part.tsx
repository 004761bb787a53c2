import type { TextPart } from "@/lib/api/schemas";
import { cn } from "@/components/ui/cn";
import { Markdown } from "./markdown";

/** The agent's prose (Markdown). No header: it reads as the answer itself. */
export function TextPartView({ part, streaming }: { part: TextPart; streaming: boolean }) {
  const typing = streaming && !part.finishedAt;
  return (
    <div data-testid="part" data-kind="text" className={cn("px-1 text-[0.95rem]", typing && "streaming-caret")}>
      <Markdown text={part.text ?? ""} />
    </div>
  );
}
