import type { Metadata } from "next";
import { AuditLogView } from "@/components/people/audit-log-view";
import { AdminOnly } from "../admin-only";

export const metadata: Metadata = { title: "Audit log · Settings" };

export default function AuditLogPage() {
  return (
    <AdminOnly>
      <AuditLogView />
    </AdminOnly>
  );
}
