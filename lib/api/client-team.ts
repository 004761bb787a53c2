import type { createHttp, PageQuery } from "./http-client";
import { routeCall as call } from "./http-client";
import {
  ApiKeyCreated,
  ApiKeyDeleted,
  ApiKeyList,
  AuditLogPage,
  InvitationCreated,
  InvitationDeleted,
  InvitationList,
  Me,
  Member,
  MemberDeleted,
  MemberList,
  TransferChatsResult,
  type AuditLogFilter,
  type AuditLogQuery,
  type CreateApiKeyBody,
  type CreateInvitationBody,
  type CreateMemberBody,
  type UpdateMemberBody,
} from "./schemas/team";

/**
 * The people part of the v2 client (our extension, issue 39; docs/people.md): the caller, team members,
 * invitations, API keys and the audit log. Part of `ServiceClient`; a deployment without people answers 404.
 */
export interface TeamClient {
  /** GET /v2/team/me: the caller with their role. */
  me(): Promise<Me>;
  /** GET /v2/team/members (admin). */
  listMembers(): Promise<MemberList>;
  /** POST /v2/team/members (admin): 409 for an email already used. */
  createMember(body: CreateMemberBody): Promise<Member>;
  /** PATCH /v2/team/members/{id} (admin): 409 for the first admin. */
  updateMember(memberId: string, body: UpdateMemberBody): Promise<Member>;
  /** DELETE /v2/team/members/{id} (admin): their chats stay theirs (transferChats hands them on). */
  deleteMember(memberId: string): Promise<MemberDeleted>;
  /** POST /v2/team/members/{id}/transfer-chats (admin): how many chats went to `toMemberId`. */
  transferChats(memberId: string, toMemberId: string): Promise<TransferChatsResult>;
  /** GET /v2/team/invitations (admin): pending ones, without their tokens. */
  listInvitations(): Promise<InvitationList>;
  /** POST /v2/team/invitations (admin): the one-time link, shown this once. */
  createInvitation(body: CreateInvitationBody): Promise<InvitationCreated>;
  /** DELETE /v2/team/invitations/{id} (admin): the link stops working. */
  deleteInvitation(invitationId: string): Promise<InvitationDeleted>;
  /** GET /v2/api-keys: the caller's keys; an admin's with `memberId` (a person's, or "all"). */
  listApiKeys(q?: { memberId?: string }): Promise<ApiKeyList>;
  /** POST /v2/api-keys: the key, shown this once (`memberId`: admins only). */
  createApiKey(body: CreateApiKeyBody): Promise<ApiKeyCreated>;
  /** POST /v2/api-keys/{id}/rotate: the new key, shown this once; the old one stops at once. */
  rotateApiKey(apiKeyId: string): Promise<ApiKeyCreated>;
  deleteApiKey(apiKeyId: string): Promise<ApiKeyDeleted>;
  /** GET /v2/audit-log?cursor&limit&action&actor (admin): newest first. */
  auditLog(q?: AuditLogQuery & PageQuery): Promise<AuditLogPage>;
  /** GET /v2/audit-log?format=jsonl&action&actor (admin): every entry kept (of that action or actor), as JSON lines. */
  exportAuditLog(filter?: AuditLogFilter): Promise<Blob>;
}

export function teamClient({ json, send }: ReturnType<typeof createHttp>): TeamClient {
  return {
    me: () => json(Me, call("v2.team.me", {})),
    listMembers: () => json(MemberList, call("v2.team.members.list", {})),
    createMember: (body) => json(Member, call("v2.team.members.create", {}, { body })),
    updateMember: (memberId, body) => json(Member, call("v2.team.members.update", { memberId }, { body })),
    deleteMember: (memberId) => json(MemberDeleted, call("v2.team.members.delete", { memberId })),
    transferChats: (memberId, toMemberId) =>
      json(TransferChatsResult, call("v2.team.members.transferChats", { memberId }, { body: { toMemberId } })),
    listInvitations: () => json(InvitationList, call("v2.team.invitations.list", {})),
    createInvitation: (body) => json(InvitationCreated, call("v2.team.invitations.create", {}, { body })),
    deleteInvitation: (invitationId) => json(InvitationDeleted, call("v2.team.invitations.delete", { invitationId })),
    listApiKeys: (q) => json(ApiKeyList, call("v2.apiKeys.list", {}, { query: { ...q } })),
    createApiKey: (body) => json(ApiKeyCreated, call("v2.apiKeys.create", {}, { body })),
    rotateApiKey: (apiKeyId) => json(ApiKeyCreated, call("v2.apiKeys.rotate", { apiKeyId })),
    deleteApiKey: (apiKeyId) => json(ApiKeyDeleted, call("v2.apiKeys.delete", { apiKeyId })),
    auditLog: (q) => json(AuditLogPage, call("v2.auditLog", {}, { query: { ...q } })),
    exportAuditLog: async (filter) => {
      const res = await send({
        ...call("v2.auditLog", {}, { query: { ...filter, format: "jsonl" } }),
        accept: "application/x-ndjson",
      });
      return res.blob();
    },
  };
}
