"use client";

import { useVirtualizer } from "@tanstack/react-virtual";
import { memo, useEffect, useMemo, useRef, useState, type CSSProperties } from "react";
import { cn } from "@/components/ui/cn";
import { highlightFile } from "./highlight/highlight-client";
import { canHighlight } from "./highlight/languages";
import { splitLines, type TokenLine } from "./highlight/tokenize";

const LINE_HEIGHT = 20;
/** Longer lines are cut in the view (the copy and download buttons give the whole file). */
const MAX_SHOWN_LINE = 10_000;

type HighlightStatus = "plain" | "highlighting" | "done";

function tokenStyle(light: string, dark: string): CSSProperties | undefined {
  if (!light && !dark) return undefined;
  return { "--shiki-light": light || undefined, "--shiki-dark": dark || light || undefined } as CSSProperties;
}

const LineContent = memo(function LineContent({ text, tokens }: { text: string; tokens: TokenLine | undefined }) {
  const cut = text.length > MAX_SHOWN_LINE;
  if (!tokens || cut) {
    return (
      <>
        {cut ? text.slice(0, MAX_SHOWN_LINE) : text}
        {cut ? (
          <span className="text-muted-foreground italic">
            {" "}
            … ({(text.length - MAX_SHOWN_LINE).toLocaleString("en")} more characters)
          </span>
        ) : null}
      </>
    );
  }
  const spans = [];
  for (let i = 0; i < tokens.length; i += 3) {
    const style = tokenStyle(tokens[i + 1]!, tokens[i + 2]!);
    spans.push(
      style ? (
        <span key={i} style={style} className="text-(--shiki-light) dark:text-(--shiki-dark)">
          {tokens[i]}
        </span>
      ) : (
        tokens[i]
      ),
    );
  }
  return <>{spans}</>;
});

/**
 * A text file with line numbers. The plain text shows at once (only the visible lines are in the DOM, so a
 * 3 MB file opens as fast as a small one); shiki highlighting is done by a worker and arrives chunk by chunk
 * from the top, each chunk repainting only the visible lines on the next frame. `line` scrolls to a line and marks it.
 */
export function CodeView({
  path,
  content,
  lang,
  className,
  line = null,
}: {
  path: string;
  content: string;
  lang: string;
  className?: string;
  /** A line (from 1) to scroll to and mark. */
  line?: number | null;
}) {
  const lines = useMemo(() => splitLines(content), [content]);
  const widthCh = useMemo(() => {
    let max = 0;
    for (const line of lines) if (line.length > max) max = line.length;
    return Math.min(max, MAX_SHOWN_LINE + 40);
  }, [lines]);
  const gutterCh = String(lines.length).length + 2;
  const tokens = useRef<(TokenLine | undefined)[]>([]);
  const [, setTick] = useState(0);
  const [status, setStatus] = useState<HighlightStatus>("plain");
  const scrollRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    tokens.current = [];
    setTick((t) => t + 1);
    if (!canHighlight(lang)) {
      setStatus("plain");
      return;
    }
    setStatus("highlighting");
    let frame = 0;
    const repaint = () => {
      frame ||= requestAnimationFrame(() => {
        frame = 0;
        setTick((t) => t + 1);
      });
    };
    const cancel = highlightFile(content, lang, {
      onChunk(start, chunk) {
        const store = tokens.current;
        for (let i = 0; i < chunk.length; i++) store[start + i] = chunk[i];
        repaint();
      },
      onDone(highlighted) {
        setStatus(highlighted ? "done" : "plain");
        repaint();
      },
    });
    return () => {
      cancel();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [content, lang]);

  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => LINE_HEIGHT,
    overscan: 30,
  });

  const marked = line !== null && line >= 1 && line <= lines.length ? line : null;
  useEffect(() => {
    if (marked === null) return;
    // Once the panel has its size (a file opened from the preview lays the panel out anew).
    const frame = requestAnimationFrame(() => virtualizer.scrollToIndex(marked - 1, { align: "center" }));
    return () => cancelAnimationFrame(frame);
  }, [marked, virtualizer]);

  return (
    <div
      ref={scrollRef}
      role="region"
      aria-label={`Contents of ${path}`}
      tabIndex={0}
      data-testid="code-view"
      data-path={path}
      data-lang={lang}
      data-highlighted={status}
      data-lines={lines.length}
      data-marked-line={marked ?? undefined}
      className={cn(
        "code-view min-h-0 flex-1 overflow-auto bg-card font-mono text-xs outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset",
        className,
      )}
    >
      <div
        style={{
          height: virtualizer.getTotalSize(),
          width: `calc(${gutterCh + widthCh + 4}ch)`,
          minWidth: "100%",
          position: "relative",
        }}
      >
        {virtualizer.getVirtualItems().map((item) => (
          <div
            key={item.index}
            data-line={item.index + 1}
            aria-current={item.index + 1 === marked ? "location" : undefined}
            className={cn(
              "absolute left-0 flex w-full",
              item.index + 1 === marked && "bg-amber-100 dark:bg-amber-900/50",
            )}
            style={{ height: LINE_HEIGHT, lineHeight: `${LINE_HEIGHT}px`, transform: `translateY(${item.start}px)` }}
          >
            <span
              className={cn(
                "sticky left-0 shrink-0 pr-3 pl-2 text-right tabular-nums select-none",
                item.index + 1 === marked
                  ? "bg-amber-200 font-semibold text-foreground dark:bg-amber-800"
                  : "bg-card text-muted-foreground",
              )}
              style={{ width: `${gutterCh + 1}ch` }}
              aria-hidden
            >
              {item.index + 1}
            </span>
            <span className="pr-4 whitespace-pre" style={{ tabSize: 4 }}>
              <LineContent text={lines[item.index]!} tokens={tokens.current[item.index]} />
            </span>
          </div>
        ))}
      </div>
    </div>
  );
}
