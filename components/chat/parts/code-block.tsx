"use client";

import { useEffect, useState, type CSSProperties } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { highlightCode, resolveLang, type CodeToken } from "./highlighter";

interface Highlighted {
  code: string;
  lines: CodeToken[][];
}

function tokenStyle(t: CodeToken): CSSProperties | undefined {
  if (!t.light && !t.dark) return undefined;
  return { "--shiki-light": t.light, "--shiki-dark": t.dark ?? t.light } as CSSProperties;
}

/**
 * A fenced code block: plain text at once, then highlighted by shiki when it has loaded (never blocking the
 * first paint). While the code grows during streaming the last highlighted prefix stays coloured and the new
 * tail is plain until the next highlight arrives.
 */
export function CodeBlock({ code, lang }: { code: string; lang?: string }) {
  const [highlighted, setHighlighted] = useState<Highlighted | null>(null);
  const known = resolveLang(lang);

  useEffect(() => {
    if (!known) return;
    let live = true;
    highlightCode(code, known)
      .then((lines) => {
        if (live && lines) setHighlighted({ code, lines });
      })
      .catch(() => {
        // Highlighting is an enhancement: the plain text stays.
      });
    return () => {
      live = false;
    };
  }, [code, known]);

  const usable = highlighted && code.startsWith(highlighted.code) ? highlighted : null;
  const rest = usable ? code.slice(usable.code.length) : code;

  return (
    <div
      className="code-block rounded-lg bg-muted"
      data-testid="code-block"
      data-lang={lang || undefined}
      data-highlighted={usable ? "true" : "false"}
    >
      <div className="flex items-center justify-between gap-2 pt-1 pr-1 pl-3">
        <span className="font-mono text-[10px] text-muted-foreground uppercase select-none">{lang}</span>
        <CopyButton value={code} label="Copy code" />
      </div>
      <pre className="pt-0">
        <code>
          {usable
            ? usable.lines.map((line, i) => (
                <span key={i}>
                  {i > 0 ? "\n" : null}
                  {line.map((t, j) => (
                    <span key={j} style={tokenStyle(t)} className="text-(--shiki-light) dark:text-(--shiki-dark)">
                      {t.content}
                    </span>
                  ))}
                </span>
              ))
            : null}
          {rest}
        </code>
      </pre>
    </div>
  );
}
