import { CircleAlert, CircleCheck, CircleDashed } from "lucide-react";
import { cn } from "@/components/ui/cn";
import type { McpConnectionState } from "@/lib/hooks/use-mcp-servers";

const LOOK: Record<McpConnectionState, { label: string; icon: typeof CircleCheck; className: string }> = {
  connected: { label: "Connected", icon: CircleCheck, className: "border-success/40 text-success" },
  disconnected: { label: "Disconnected", icon: CircleDashed, className: "border-border text-muted-foreground" },
  error: { label: "Error", icon: CircleAlert, className: "border-danger-border text-danger" },
};

/** The connection state as an icon and a word (never by colour alone). */
export function ConnectionBadge({ state, className }: { state: McpConnectionState; className?: string }) {
  const { label, icon: Icon, className: look } = LOOK[state];
  return (
    <span
      data-testid="mcp-connection-state"
      data-state={state}
      className={cn("inline-flex h-6 items-center gap-1 rounded-full border px-2 text-xs font-medium", look, className)}
    >
      <Icon className="size-3.5" aria-hidden />
      {label}
    </span>
  );
}
