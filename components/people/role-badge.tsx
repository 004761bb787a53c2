import type { Role } from "@/lib/api/schemas/team";
import { cn } from "@/components/ui/cn";

const STYLE: Record<Role, string> = {
  admin: "border-primary/40 text-primary",
  member: "border-border text-foreground",
  viewer: "border-border text-muted-foreground",
};

/** A person's role as a small outlined label (words, not colour alone). */
export function RoleBadge({ role, className }: { role: Role; className?: string }) {
  return (
    <span
      className={cn("shrink-0 rounded border px-1 py-px text-[10px] leading-none font-medium", STYLE[role], className)}
      data-testid="role-badge"
      data-role={role}
    >
      {role}
    </span>
  );
}
