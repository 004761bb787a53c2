import { useMemo, useState } from "react";
import { pickedElementOf } from "../../files/picked-element";
import { isProblem } from "../../files/preview-reports";
import { usePickedElement } from "../../files/use-picked-element";
import { usePreviewReports } from "../../files/use-preview-reports";

/**
 * The Preview tab's state, kept while another tab shows: what the preview's reporter said (its problems counted on the
 * tab) and "Select element", whose picked element goes to the composer (use-picked-element.ts).
 */
export function usePreviewTab(chatId: string, chatPaths: readonly string[]) {
  const [picking, setPicking] = useState(false);
  const [, setPicked] = usePickedElement(chatId);
  const reports = usePreviewReports((report, frame) => {
    setPicking(false);
    // The preview's own address (the frame's src may be its origin's handoff, which then leads to it).
    if (report && frame) setPicked(pickedElementOf(report, frame.dataset.previewUrl ?? frame.src, chatPaths));
  });
  const problemCount = useMemo(() => reports.list.filter(isProblem).length, [reports.list]);
  return { picking, setPicking, reports, problemCount };
}
