import "server-only";
import { HttpError } from "../errors";
import type { Db } from "../store";
import { findServers } from "./store";

/**
 * `mcpServerIds` of a chat creation or a message must name registered MCP servers: else 422 naming the first
 * unknown one (field `mcpServerIds.<i>`), checked before anything is stored. A server deleted after it was attached
 * stays in the chat's list and is reported as not loaded when the agent looks for tools.
 */
export async function requireServerIds(db: Db, ids: readonly string[] | undefined): Promise<void> {
  if (!ids?.length) return;
  const known = new Set((await findServers(db, ids)).map((s) => s.id));
  const i = ids.findIndex((id) => !known.has(id));
  if (i >= 0) {
    throw new HttpError(
      422,
      `mcpServerIds.${i}: no MCP server ${JSON.stringify(ids[i])} is registered; nothing was changed`,
      "validation_failed",
    );
  }
}
