import { z } from "zod";

/**
 * What the embedded preview's reporter script posts to the dashboard (`lib/embedded/preview/reporter-script.ts`): one
 * message per event, `{ atelier: "preview-report", kind, … }`. Sent by a generated app's page, so nothing in it is
 * trusted: every string is bounded (longer messages are refused whole) and it is rendered as text only.
 */
const text = (max: number) => z.string().max(max);
const line = z.number().int().min(0).max(10_000_000);

export const PreviewReport = z.discriminatedUnion("kind", [
  z.object({
    atelier: z.literal("preview-report"),
    kind: z.literal("error"),
    message: text(4_000),
    file: text(4_000),
    line,
    column: line,
    stack: text(8_000),
  }),
  z.object({
    atelier: z.literal("preview-report"),
    kind: z.literal("rejection"),
    message: text(4_000),
    stack: text(8_000),
  }),
  z.object({
    atelier: z.literal("preview-report"),
    kind: z.literal("console"),
    level: z.enum(["error", "warn", "log", "info"]),
    text: text(4_000),
  }),
  z.object({
    atelier: z.literal("preview-report"),
    kind: z.literal("load-failed"),
    tag: text(20),
    url: text(4_000),
    status: z.number().int().min(0).max(999),
  }),
  z.object({ atelier: z.literal("preview-report"), kind: z.literal("navigation"), url: text(4_000) }),
  // "Select element": the element clicked in pick mode (its tag, a short CSS selector, its first 80 characters of
  // text, and its source: the nearest `data-source` attribute, else the page's URL), or Esc pressed in the frame.
  z.object({
    atelier: z.literal("preview-report"),
    kind: z.literal("picked"),
    tag: text(40),
    selector: text(600),
    text: text(200),
    file: text(4_000),
  }),
  z.object({ atelier: z.literal("preview-report"), kind: z.literal("pick-cancelled") }),
]);
export type PreviewReport = z.infer<typeof PreviewReport>;

/** What the dashboard posts to the preview frame: start (`pick: true`) or end "Select element". */
export interface PreviewPickCommand {
  atelier: "preview-pick";
  pick: boolean;
}
