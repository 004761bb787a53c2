import type { TimelineEntry } from "@/lib/hooks/merge-timeline";
import { AssistantMessage } from "./assistant-message";
import { UserMessage } from "./user-message";

export function MessageView({ entry }: { entry: TimelineEntry }) {
  return entry.message.role === "user" ? <UserMessage message={entry.message} /> : <AssistantMessage entry={entry} />;
}
