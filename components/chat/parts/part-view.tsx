import { Profiler, memo, useContext, type ComponentType } from "react";
import { describeZodError } from "@/lib/api/error-body";
import { CONTEXT_SUMMARY_ACTION, KNOWN_PART_TYPES, KnownPart, type KnownPartType, type Part } from "@/lib/api/schemas";
import { AgentActionPartView } from "./agent-action-part";
import { ContextSummaryPartView } from "./context-summary-part";
import { BashPartView } from "./bash-part";
import { FileEditPartView } from "./file-edit-part";
import { FileReadPartView } from "./file-read-part";
import { PartBoundary } from "./part-boundary";
import { PartRenderProbe } from "./render-probe";
import { SearchPartView } from "./search-part";
import { TextPartView } from "./text-part";
import { ThinkingPartView } from "./thinking-part";
import { ToolCallPartView } from "./tool-call-part";
import { UnknownPartView } from "./unknown-part";

type PartProps<K extends KnownPartType> = {
  part: Extract<KnownPart, { type: K }>;
  streaming: boolean;
  chatId?: string;
};

/** One component per part kind. */
const VIEWS: { [K in KnownPartType]: ComponentType<PartProps<K>> } = {
  text: TextPartView,
  thinking: ThinkingPartView,
  "file-read": FileReadPartView,
  "file-edit": FileEditPartView,
  search: SearchPartView,
  bash: BashPartView,
  "tool-call": ToolCallPartView,
  "agent-action": AgentActionPartView,
};

function isKnown(part: Part): part is KnownPart {
  return (KNOWN_PART_TYPES as readonly string[]).includes(part.type);
}

/** Why each part object failed its kind's schema (null: it matches). Parts are immutable, so one check per object. */
const checked = new WeakMap<object, string | null>();

function mismatch(part: KnownPart): string | null {
  let reason = checked.get(part);
  if (reason === undefined) {
    try {
      const result = KnownPart.safeParse(part);
      reason = result.success ? null : describeZodError(result.error);
    } catch (error) {
      reason = error instanceof Error ? error.message : String(error);
    }
    checked.set(part, reason);
  }
  return reason;
}

/**
 * Renders a part with its kind's component; an unknown kind, or a known kind that does not match its schema (a
 * deployment's variant of it), gets the JSON card instead — that part degrades, never its message.
 */
export function PartView({ part, streaming = false, chatId }: { part: Part; streaming?: boolean; chatId?: string }) {
  if (!part || typeof part !== "object" || !isKnown(part)) return <UnknownPartView part={part} />;
  const reason = mismatch(part);
  if (reason)
    return (
      <UnknownPartView
        part={part}
        note={`This step could not be displayed as ${part.type} (${reason}); here is its raw data.`}
      />
    );
  // A summary of earlier messages is an agent action of its own kind to the reader: folded.
  const View = (
    part.type === "agent-action" && part.name === CONTEXT_SUMMARY_ACTION ? ContextSummaryPartView : VIEWS[part.type]
  ) as ComponentType<{ part: KnownPart; streaming: boolean; chatId?: string }>;
  return (
    <PartBoundary part={part}>
      <View part={part} streaming={streaming} chatId={chatId} />
    </PartBoundary>
  );
}

/**
 * One part of a message's list, memoized: parts rebuilt from stream deltas keep their identity when a delta
 * does not touch them (structural sharing), so a delta re-renders only the part it changed.
 */
export const PartItem = memo(function PartItem({
  part,
  streaming,
  chatId,
  index,
}: {
  part: Part;
  streaming: boolean;
  chatId?: string;
  index: number;
}) {
  const probe = useContext(PartRenderProbe);
  const view = <PartView part={part} streaming={streaming} chatId={chatId} />;
  return probe ? (
    <Profiler id={`part-${index}`} onRender={probe}>
      {view}
    </Profiler>
  ) : (
    view
  );
});
