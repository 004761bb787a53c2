import type { PreviewReport } from "@/lib/api/preview-report";
import { chatFileOf } from "./preview-reports";

/** An element picked in the preview with "Select element", as the composer holds it for the next prompt. */
export interface PickedElement {
  tag: string;
  selector: string;
  /** Its text, the first 80 characters. */
  text: string;
  /** The chat's file it comes from, when known (a `data-source` attribute naming one, else the page's file). */
  file: string | null;
}

/** The picked element of a reporter's `picked` message, its source resolved to one of the chat's files (or null). */
export function pickedElementOf(
  report: Extract<PreviewReport, { kind: "picked" }>,
  previewUrl: string,
  paths: readonly string[],
): PickedElement {
  const source = report.file.replace(/:\d+(?::\d+)?$/, "");
  const file = /^[a-z][a-z0-9+.-]*:/i.test(source)
    ? chatFileOf(source, previewUrl, paths)
    : paths.includes(source.replace(/^\.?\//, ""))
      ? source.replace(/^\.?\//, "")
      : null;
  return { tag: report.tag, selector: report.selector, text: report.text, file };
}

/** The chip's label: the selector's last step without its position, and the start of the text (`button.primary 'Add tip'`). */
export function chipLabel(el: PickedElement): string {
  const last = (el.selector.split(" > ").at(-1) ?? el.tag).replace(/:nth-of-type\(\d+\)$/, "");
  const short = last.split(".").slice(0, 2).join(".");
  const text = el.text.length > 30 ? `${el.text.slice(0, 30)}…` : el.text;
  return text ? `${short} '${text}'` : short;
}

/** The prompt with the picked element named after it, so that the agent knows which element is meant. */
export function withPickedElement(prompt: string, el: PickedElement): string {
  const details = [
    `the <${el.tag}> at \`${el.selector}\``,
    el.text ? `with the text "${el.text}"` : null,
    el.file ? `in ${el.file}` : null,
  ].filter(Boolean);
  return `${prompt}\n\nThe element I mean, picked in the preview: ${details.join(" ")}.`;
}
