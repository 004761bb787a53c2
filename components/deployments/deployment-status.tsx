import { CircleAlert, CircleCheck, CircleHelp, LoaderCircle, type LucideIcon } from "lucide-react";
import { cn } from "@/components/ui/cn";

const STATUS: Record<string, { icon: LucideIcon; label: string; className: string }> = {
  pending: { icon: LoaderCircle, label: "building", className: "text-muted-foreground [&>svg]:animate-spin" },
  ready: { icon: CircleCheck, label: "ready", className: "text-success" },
  error: { icon: CircleAlert, label: "error", className: "text-danger" },
};

/** A deployment's state as an icon and a word (never colour alone); a service that sends none shows "unknown". */
export function DeploymentStatus({ status }: { status: string | undefined }) {
  const known = status ? STATUS[status] : undefined;
  const {
    icon: Icon,
    label,
    className,
  } = known ?? {
    icon: CircleHelp,
    label: status ?? "unknown",
    className: "text-muted-foreground",
  };
  return (
    <span
      className={cn(
        "inline-flex shrink-0 items-center gap-1 rounded-full border border-border px-2 py-0.5 text-xs",
        className,
      )}
      data-testid="deployment-status"
      data-status={status ?? "unknown"}
      role="status"
    >
      <Icon className="size-3" aria-hidden />
      {label}
    </span>
  );
}
