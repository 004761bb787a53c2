import "server-only";
import type { ReactNode } from "react";
import { signedInPerson } from "@/app/_wiring/auth";
import { EmptyState } from "@/components/ui/empty-state";
import { ShieldAlert } from "lucide-react";

/** A settings page for admins: others (who do not see it in the menu) get a short note instead of its content. */
export async function AdminOnly({ children }: { children: ReactNode }) {
  const person = await signedInPerson();
  if (person?.role === "admin") return children;
  return (
    <EmptyState icon={ShieldAlert} title="For admins only">
      Ask an admin of this Atelier if you need something here.
    </EmptyState>
  );
}
