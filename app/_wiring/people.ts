import "server-only";
import type { PeopleDirectory } from "@/lib/server/people/directory";
import { embeddedService } from "./embedded";

/**
 * The people directory the dashboard signs people in against (PEOPLE-CONTRACT.md): the embedded service's people
 * part. It lives in the embedded service's database whether or not /svc is served.
 */
export async function peopleDirectory(): Promise<PeopleDirectory> {
  // TODO(people-api): the service's `people` part once it has one, and the people part alone with SERVICE_BASE_URL.
  return ((await embeddedService()) as unknown as { people: PeopleDirectory }).people;
}
