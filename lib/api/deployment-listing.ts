import { ServiceError } from "./errors";
import type { ServiceClientV1 } from "./client-v1";
import type { DeploymentReadV1 } from "./schemas/v1";

/**
 * Listing deployments from any service. The embedded one lists by chat or by project; the public v1 document makes
 * `chatId` and `versionId` both required, so a service that follows it refuses those (400/422). Then a chat's list is
 * gathered version by version (its newest PER_VERSION_LIMIT completed versions), and a project's cannot be had: the
 * section says where to look instead. What was learned is kept with the list, so a poll goes the working way at once.
 */
export interface DeploymentListing {
  deployments: DeploymentReadV1[];
  /** The service lists only per chat version (learned from a refusal). */
  perVersion: boolean;
  /** A project's deployments cannot be listed on this service (it lists per chat version only). */
  unsupported: boolean;
}

/** How many of a chat's newest completed versions are asked for their deployments, once the service needs it. */
const PER_VERSION_LIMIT = 20;

type Filter = { chatId: string } | { projectId: string };

/** A refusal of the filter itself (a missing required parameter), not of the caller or the service's state. */
function refusedFilter(error: unknown): boolean {
  return error instanceof ServiceError && (error.status === 400 || error.status === 422);
}

export async function listDeployments(
  client: Pick<ServiceClientV1, "listDeployments" | "listVersions">,
  filter: Filter,
  perVersionKnown: boolean,
): Promise<DeploymentListing> {
  if (!perVersionKnown) {
    try {
      return { deployments: (await client.listDeployments(filter)).data, perVersion: false, unsupported: false };
    } catch (error) {
      if (!refusedFilter(error)) throw error;
    }
  }
  if (!("chatId" in filter)) return { deployments: [], perVersion: true, unsupported: true };
  const { chatId } = filter;
  const versions = (await client.listVersions(chatId, { limit: PER_VERSION_LIMIT })).data.filter(
    (v) => v.status === "completed",
  );
  const lists = await Promise.all(
    versions.map(async (v) => (await client.listDeployments({ chatId, versionId: v.id })).data),
  );
  // Newest version first, as the versions came; one row per deployment however often it was listed.
  const seen = new Set<string>();
  const deployments = lists.flat().filter((d) => !seen.has(d.id) && seen.add(d.id));
  if (deployments.every((d) => d.createdAt)) deployments.sort((a, b) => b.createdAt!.localeCompare(a.createdAt!));
  return { deployments, perVersion: true, unsupported: false };
}
