import type { Metadata } from "next";
import { PeopleView } from "@/components/people/people-view";
import { AdminOnly } from "../admin-only";

export const metadata: Metadata = { title: "People · Settings" };

export default function PeoplePage() {
  return (
    <AdminOnly>
      <PeopleView />
    </AdminOnly>
  );
}
