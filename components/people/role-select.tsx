"use client";

import type { Role } from "@/lib/api/schemas/team";
import { cn } from "@/components/ui/cn";

const LABELS: Record<Role, string> = {
  admin: "Admin: everything, people included",
  member: "Member: creates and works on chats",
  viewer: "Viewer: reads, changes nothing",
};

/** A native select of roles (accessible, keyboard and screen readers as the platform does them). */
export function RoleSelect({
  id,
  value,
  onChange,
  roles,
  disabled,
  label,
  short,
  className,
}: {
  id?: string;
  value: Role;
  onChange: (role: Role) => void;
  roles: readonly Role[];
  disabled?: boolean;
  /** An aria-label when no <label> names it. */
  label?: string;
  /** Only the role's name, not what it may do. */
  short?: boolean;
  className?: string;
}) {
  return (
    <select
      id={id}
      aria-label={label}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value as Role)}
      className={cn("h-8 rounded-md border border-input bg-background px-2 text-sm disabled:opacity-60", className)}
    >
      {roles.map((role) => (
        <option key={role} value={role}>
          {short ? role : LABELS[role]}
        </option>
      ))}
    </select>
  );
}
