import { z } from "zod";
import { DateTime } from "./common";

/**
 * People of one Atelier (issue 39; our extension, docs/wire-decisions.md "People, API keys and the audit log"):
 * team members with a role, their API keys, invitations and the audit log. The embedded service answers these; a
 * deployment without them answers 404.
 */

/** Roles, highest first: admin > member > viewer. */
export const ROLES = ["admin", "member", "viewer"] as const;
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

const RANK: Readonly<Record<Role, number>> = { admin: 3, member: 2, viewer: 1 };

/** Whether `role` is `min` or higher. */
export function roleAtLeast(role: Role, min: Role): boolean {
  return RANK[role] >= RANK[min];
}

/** The refusal of a route whose minimum role the caller lacks (403): it names the role missing. */
export function roleRefusal(min: Role, role: Role): string {
  const article = (r: Role) => (r === "admin" ? "an" : "a");
  return `This needs the ${min} role; you are ${article(role)} ${role}.`;
}

/** The id of the first admin (the environment's account, the break-glass login); it owns every chat made before. */
export const FIRST_ADMIN_ID = "user_embedded";

/** The header the dashboard's proxy sends with the service's key to act as the signed-in person. */
export const ACTING_AS_HEADER = "x-atelier-acting-as";

/** An email address: trimmed, compared case-insensitively (stored lowercase). */
const Email = z
  .string()
  .trim()
  .max(320)
  .pipe(z.email("must be an email address"))
  .transform((e) => e.toLowerCase());

/** A person's name: 1 to 200 characters. */
export const PERSON_NAME_MAX = 200;
/** A password's length, wherever one is chosen (invitation page, the API, the directory). */
export const PASSWORD_LENGTH = { min: 8, max: 1000 } as const;

const PersonName = z.string().trim().min(1, "name must not be empty").max(PERSON_NAME_MAX);

/** A team member as the API shows one (never a password or key). */
export const Member = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: Role,
  createdAt: DateTime,
  disabled: z.boolean(),
});
export type Member = z.infer<typeof Member>;

/** GET /v2/team/members: the people not deleted, oldest first. */
export const MemberList = z.object({ members: z.array(Member) });
export type MemberList = z.infer<typeof MemberList>;

/** POST /v2/team/members (admin): a person without a password (they sign in by OIDC, or an admin invites them). */
export const CreateMemberBody = z.strictObject({
  email: Email,
  name: PersonName.optional(),
  role: Role,
});
export type CreateMemberBody = z.input<typeof CreateMemberBody>;

/** PATCH /v2/team/members/{memberId} (admin): role and/or disabled. */
export const UpdateMemberBody = z
  .strictObject({ role: Role.optional(), disabled: z.boolean().optional() })
  .refine((b) => b.role !== undefined || b.disabled !== undefined, "send role or disabled");
export type UpdateMemberBody = z.input<typeof UpdateMemberBody>;

export const MemberDeleted = z.object({ id: z.string(), deleted: z.literal(true) });
export type MemberDeleted = z.infer<typeof MemberDeleted>;

/** POST /v2/team/members/{memberId}/transfer-chats (admin): every chat authored by the member goes to `toMemberId`. */
export const TransferChatsBody = z.strictObject({ toMemberId: z.string().min(1).max(100) });
export type TransferChatsBody = z.input<typeof TransferChatsBody>;
export const TransferChatsResult = z.object({ transferred: z.number().int().nonnegative() });
export type TransferChatsResult = z.infer<typeof TransferChatsResult>;

/** GET /v2/team/me: the caller (the dashboard learns the signed-in person's role here; /v1/user has no role). */
export const Me = z.object({ id: z.string(), email: z.string(), name: z.string(), role: Role });
export type Me = z.infer<typeof Me>;

// ----- invitations -----

/** POST /v2/team/invitations (admin). */
export const CreateInvitationBody = z.strictObject({ email: Email, role: Role });
export type CreateInvitationBody = z.input<typeof CreateInvitationBody>;

/** A pending invitation (never its token). */
export const Invitation = z.object({
  id: z.string(),
  email: z.string(),
  role: Role,
  /** The person who invited (a person id). */
  invitedBy: z.string(),
  createdAt: DateTime,
  expiresAt: DateTime,
});
export type Invitation = z.infer<typeof Invitation>;

/** 201 of POST /v2/team/invitations: the one-time link, shown this once (`<APP_URL>/invite/<token>`), 7 days. */
export const InvitationCreated = Invitation.extend({ url: z.string() });
export type InvitationCreated = z.infer<typeof InvitationCreated>;

/** GET /v2/team/invitations (admin): the pending ones (not accepted, revoked or expired), newest first. */
export const InvitationList = z.object({ invitations: z.array(Invitation) });
export type InvitationList = z.infer<typeof InvitationList>;

export const InvitationDeleted = z.object({ id: z.string(), deleted: z.literal(true) });
export type InvitationDeleted = z.infer<typeof InvitationDeleted>;

// ----- API keys -----

/** POST /v2/api-keys: `memberId` only for admins (a key for someone else); default the caller. */
export const CreateApiKeyBody = z.strictObject({
  name: z.string().trim().min(1, "name must not be empty").max(100),
  memberId: z.string().min(1).max(100).optional(),
});
export type CreateApiKeyBody = z.input<typeof CreateApiKeyBody>;

/** A person's API key as listed (never the key). `prefix` is its public start (`atl_…`), to recognize it. */
export const ApiKey = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  memberId: z.string(),
  createdAt: DateTime,
  lastUsedAt: DateTime.nullable(),
});
export type ApiKey = z.infer<typeof ApiKey>;

/** GET /v2/api-keys?memberId=: the caller's keys; an admin's: someone's (`memberId`) or everyone's (`memberId=all`). */
export const ApiKeyList = z.object({ apiKeys: z.array(ApiKey) });
export type ApiKeyList = z.infer<typeof ApiKeyList>;

/** 201 of POST /v2/api-keys and 200 of POST /v2/api-keys/{id}/rotate: the key, shown this once. */
export const ApiKeyCreated = z.object({
  id: z.string(),
  name: z.string(),
  key: z.string(),
  prefix: z.string(),
  memberId: z.string(),
  createdAt: DateTime,
});
export type ApiKeyCreated = z.infer<typeof ApiKeyCreated>;

export const ApiKeyDeleted = z.object({ id: z.string(), deleted: z.literal(true) });
export type ApiKeyDeleted = z.infer<typeof ApiKeyDeleted>;

// ----- audit log -----

/**
 * What the audit log records (docs/people.md). The service records the first groups; the dashboard records sign-ins
 * through the in-process directory. A reader takes any string (a newer service may record more).
 */
export const AUDIT_ACTIONS = [
  "invitation.created",
  "invitation.accepted",
  "invitation.revoked",
  "member.created",
  "member.role_changed",
  "member.disabled",
  "member.enabled",
  "member.deleted",
  "member.chats_transferred",
  "member.password_changed",
  "api_key.created",
  "api_key.rotated",
  "api_key.deleted",
  "chat.privacy_changed",
  "chat.share_rotated",
  "chat.share_expiry_changed",
  "chat.deleted",
  "webhook.created",
  "webhook.secret_rotated",
  "webhook.deleted",
  "mcp_server.secret_changed",
  "settings.changed",
  "sign_in",
  "sign_in.failed",
  "sign_out",
  "session.revoked",
] as const;

export const AuditEntry = z.object({
  id: z.string(),
  at: DateTime,
  /** The person who acted; null for the service itself or someone unknown (a failed sign-in). */
  actor: z.string().nullable(),
  /** The actor's name when the entry was read (a deleted person's still resolves); null without an actor. */
  actorName: z.string().nullable(),
  action: z.string(),
  /** What it was done to: a person, key, invitation, chat, webhook, MCP server or setting id; null for none. */
  target: z.string().nullable(),
  /** The rest, never a secret (a role before and after, a key's name, an email). */
  detail: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/** GET /v2/audit-log?cursor&limit (admin): newest first; `cursor` for the next page, null at the end. */
export const AuditLogPage = z.object({ entries: z.array(AuditEntry), cursor: z.string().nullable() });
export type AuditLogPage = z.infer<typeof AuditLogPage>;

export interface AuditLogQuery extends AuditLogFilter {
  limit?: number;
  cursor?: string | null;
}

/** Which entries of the audit log (each unset: any). */
export interface AuditLogFilter {
  /** Only entries of this action. */
  action?: string;
  /** Only entries of this actor (a person id). */
  actor?: string;
}
