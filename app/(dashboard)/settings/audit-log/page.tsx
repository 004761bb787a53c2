import type { Metadata } from "next";
import { AuditLogView } from "@/components/people/audit-log-view";
import { requireSession } from "../../session";
import { AdminOnly } from "../admin-only";

export const metadata: Metadata = { title: "Audit log · Settings" };

export default async function AuditLogPage() {
  const person = await requireSession();
  return (
    <AdminOnly role={person.role}>
      <AuditLogView />
    </AdminOnly>
  );
}
