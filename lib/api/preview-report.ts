import { z } from "zod";

/**
 * What the embedded preview's reporter script posts to the dashboard (`lib/embedded/preview/reporter.ts`): one
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
]);
export type PreviewReport = z.infer<typeof PreviewReport>;
