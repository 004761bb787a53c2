import { useMemo, type CSSProperties } from "react";
import { cn } from "@/components/ui/cn";
import { parseAnsi, type AnsiSegment } from "./ansi";

const isRgb = (v: string | undefined): v is string => !!v && v.startsWith("rgb(");

function segmentProps(s: AnsiSegment): { className?: string; style?: CSSProperties } {
  const className = cn(
    s.fg && !isRgb(s.fg) && s.fg,
    s.bg && !isRgb(s.bg) && s.bg,
    s.bold && "font-bold",
    s.dim && "opacity-60",
    s.italic && "italic",
    s.underline && "underline",
  );
  const style: CSSProperties | undefined =
    isRgb(s.fg) || isRgb(s.bg)
      ? { color: isRgb(s.fg) ? s.fg : undefined, backgroundColor: isRgb(s.bg) ? s.bg : undefined }
      : undefined;
  return { className: className || undefined, style };
}

/** Beyond this many styled runs the output is shown without colours (one text node stays cheap at any size). */
const MAX_STYLED_SEGMENTS = 5_000;

/** Terminal output with its ANSI colours as styled spans (text only: nothing is interpreted as markup). */
export function AnsiText({ text }: { text: string }) {
  const segments = useMemo(() => parseAnsi(text), [text]);
  if (segments.length > MAX_STYLED_SEGMENTS) return <>{segments.map((s) => s.text).join("")}</>;
  return (
    <>
      {segments.map((s, i) => {
        const props = segmentProps(s);
        return props.className || props.style ? (
          <span key={i} {...props}>
            {s.text}
          </span>
        ) : (
          s.text
        );
      })}
    </>
  );
}
