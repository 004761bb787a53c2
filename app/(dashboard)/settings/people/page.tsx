import type { Metadata } from "next";
import { PeopleView } from "@/components/people/people-view";
import { requireSession } from "../../session";
import { AdminOnly } from "../admin-only";

export const metadata: Metadata = { title: "People · Settings" };

export default async function PeoplePage() {
  const person = await requireSession();
  return (
    <AdminOnly role={person.role}>
      <PeopleView />
    </AdminOnly>
  );
}
