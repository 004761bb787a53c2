import "server-only";
import type { ApiKey, Invitation, Member } from "@/lib/api";
import type { UserV1 } from "@/lib/api/schemas/v1";
import type { ApiKeyRow, InvitationRow, PersonRow } from "./schema";
import { prefixOf } from "./secrets";
import type { PersonRecord } from "./types";

/** The wire shapes of people, keys and invitations (never a hash). */

export const memberView = (row: PersonRow): Member => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  createdAt: row.createdAt.toISOString(),
  disabled: row.disabled,
});

export const personRecord = (row: PersonRow): PersonRecord => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  disabled: row.disabled,
  deleted: row.deletedAt !== null,
  sessionEpoch: row.sessionEpoch,
});

export const apiKeyView = (row: ApiKeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: prefixOf(row.lookup),
  memberId: row.personId,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

export const invitationView = (row: InvitationRow): Invitation => ({
  id: row.id,
  email: row.email,
  role: row.role,
  invitedBy: row.invitedBy,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
});

/** GET /v1/user: the caller as the v1 user (interface.md 4.2); an avatar of their initial. */
export function userV1View(row: PersonRow): UserV1 {
  const initial = (row.name.trim()[0] ?? "?").toUpperCase().replace(/[<>&"']/g, "?");
  const avatar =
    "data:image/svg+xml," +
    encodeURIComponent(
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="32" fill="#4f46e5"/><text x="32" y="41" font-family="sans-serif" font-size="26" fill="#fff" text-anchor="middle">${initial}</text></svg>`,
    );
  return {
    id: row.id,
    object: "user",
    name: row.name,
    email: row.email,
    avatar,
    createdAt: row.createdAt.toISOString(),
  };
}
