import type { ReactNode } from "react";
import { ShieldAlert } from "lucide-react";
import { EmptyState } from "@/components/ui/empty-state";
import type { Role } from "@/lib/api/schemas/team";

/** A settings page for admins: others (who do not see it in the menu) get a short note instead of its content. */
export function AdminOnly({ role, children }: { role: Role; children: ReactNode }) {
  if (role === "admin") return children;
  return (
    <EmptyState icon={ShieldAlert} title="For admins only">
      Ask an admin of this Atelier if you need something here.
    </EmptyState>
  );
}
