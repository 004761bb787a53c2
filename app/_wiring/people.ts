import "server-only";
import type { PeopleDirectory } from "@/lib/server/people/directory";
import { embeddedService } from "./embedded";

/**
 * The people directory the dashboard signs people in against (PEOPLE-CONTRACT.md): the embedded service's people
 * part. People live in the embedded service's database whether or not /svc is served: with SERVICE_BASE_URL the
 * service is opened here for them (its database, not its routes: /svc still answers 404).
 */
export async function peopleDirectory(): Promise<PeopleDirectory> {
  return (await embeddedService()).people;
}
