"use client";

import { createContext, useContext, type ReactNode } from "react";
import { roleAtLeast, type Role } from "@/lib/api/schemas/team";

/** The signed-in person as the dashboard's pages know them (the layout reads the session, checked at that request). */
interface SignedInPerson {
  id: string;
  name: string;
  email: string;
  role: Role;
  /**
   * Their id as the service knows them (a chat's `authorId`), when the dashboard knows it: the embedded service's
   * (the proxy acts as the person); null with a remote deployment, whose ids are not Atelier's people's.
   */
  serviceId?: string | null;
}

const PersonContext = createContext<SignedInPerson | null>(null);

/**
 * Gives the pages the signed-in person. Their role is the stored one at the page's load; a role change ends their
 * sessions (a new session epoch), so a page never outlives the role it was drawn for by more than one request.
 */
export function PersonProvider({ person, children }: { person: SignedInPerson; children: ReactNode }) {
  return <PersonContext.Provider value={person}>{children}</PersonContext.Provider>;
}

/** The signed-in person; null outside the dashboard's frame (component tests, the sign-in pages). */
export function usePerson(): SignedInPerson | null {
  return useContext(PersonContext);
}

/**
 * Whether the signed-in person may change things (member or admin). Outside a PersonProvider (component tests) it is
 * true: the service and the proxy decide in the end, the UI only leaves out what would be refused.
 */
export function useCanWrite(): boolean {
  const person = usePerson();
  return !person || roleAtLeast(person.role, "member");
}

/** Whether the signed-in person is an admin (people, the audit log, webhooks, service-wide settings). */
export function useIsAdmin(): boolean {
  const person = usePerson();
  return !person || person.role === "admin";
}

/**
 * Whether the signed-in person is the author of a chat whose `authorId` is given: null when the dashboard cannot tell
 * (a remote deployment, or outside the frame): callers then leave the decision to the service, as before.
 */
export function useIsAuthor(authorId: string): boolean | null {
  const serviceId = usePerson()?.serviceId;
  return serviceId ? serviceId === authorId : null;
}
