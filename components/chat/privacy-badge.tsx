import { Globe, Link2, Lock, Users, UserPen, type LucideIcon } from "lucide-react";
import type { Privacy } from "@/lib/api/schemas";

const PRIVACY: Record<Privacy, { icon: LucideIcon; label: string }> = {
  private: { icon: Lock, label: "private" },
  public: { icon: Globe, label: "public" },
  team: { icon: Users, label: "team" },
  "team-edit": { icon: UserPen, label: "team-edit" },
  unlisted: { icon: Link2, label: "unlisted" },
};

export function PrivacyBadge({ privacy }: { privacy: Privacy }) {
  const { icon: Icon, label } = PRIVACY[privacy] ?? { icon: Lock, label: privacy };
  return (
    <span
      className="inline-flex shrink-0 items-center gap-1 rounded-full border border-border px-2 py-0.5 text-xs text-muted-foreground"
      title={`Privacy: ${label}`}
    >
      <Icon className="size-3" aria-hidden />
      {label}
    </span>
  );
}
