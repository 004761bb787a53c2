"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AuditLogFilter, CreateApiKeyBody, CreateInvitationBody, UpdateMemberBody } from "@/lib/api/schemas/team";
import { teamKeys } from "./query-keys";
import { useServiceClient } from "./service-clients";

/** Settings → People (admins): the team's members, oldest first. */
export function useMembers(enabled = true) {
  const client = useServiceClient();
  return useQuery({ queryKey: teamKeys.members(), queryFn: () => client.listMembers(), enabled });
}

/** The pending invitations (never their links). */
export function useInvitations(enabled = true) {
  const client = useServiceClient();
  return useQuery({ queryKey: teamKeys.invitations(), queryFn: () => client.listInvitations(), enabled });
}

/** After any change to people: members, invitations and keys are read again (the audit log too). */
function useTeamRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: teamKeys.all() });
}

/** "Invite person": the answer carries the one-time link, shown once. */
export function useCreateInvitation() {
  const client = useServiceClient();
  const refresh = useTeamRefresh();
  return useMutation({ mutationFn: (body: CreateInvitationBody) => client.createInvitation(body), onSettled: refresh });
}

export function useRevokeInvitation() {
  const client = useServiceClient();
  const refresh = useTeamRefresh();
  return useMutation({
    mutationFn: (invitationId: string) => client.deleteInvitation(invitationId),
    onSettled: refresh,
  });
}

/** A role change, or disabling / enabling someone. */
export function useUpdateMember() {
  const client = useServiceClient();
  const refresh = useTeamRefresh();
  return useMutation({
    mutationFn: ({ memberId, body }: { memberId: string; body: UpdateMemberBody }) =>
      client.updateMember(memberId, body),
    onSettled: refresh,
  });
}

/** Deletes someone, their chats first handed to `transferTo` when given. */
export function useDeleteMember() {
  const client = useServiceClient();
  const refresh = useTeamRefresh();
  return useMutation({
    mutationFn: async ({ memberId, transferTo }: { memberId: string; transferTo: string | null }) => {
      const transferred = transferTo ? (await client.transferChats(memberId, transferTo)).transferred : null;
      await client.deleteMember(memberId);
      return { transferred };
    },
    onSettled: refresh,
  });
}

/** The signed-in person's API keys (`memberId`: an admin reading someone's, or "all"). */
export function useApiKeys(memberId?: string) {
  const client = useServiceClient();
  return useQuery({
    queryKey: teamKeys.apiKeys(memberId),
    queryFn: () => client.listApiKeys(memberId ? { memberId } : undefined),
  });
}

export function useCreateApiKey() {
  const client = useServiceClient();
  const refresh = useTeamRefresh();
  return useMutation({ mutationFn: (body: CreateApiKeyBody) => client.createApiKey(body), onSettled: refresh });
}

export function useRotateApiKey() {
  const client = useServiceClient();
  const refresh = useTeamRefresh();
  return useMutation({ mutationFn: (apiKeyId: string) => client.rotateApiKey(apiKeyId), onSettled: refresh });
}

export function useDeleteApiKey() {
  const client = useServiceClient();
  const refresh = useTeamRefresh();
  return useMutation({ mutationFn: (apiKeyId: string) => client.deleteApiKey(apiKeyId), onSettled: refresh });
}

/** One page of the audit log (only one action's or one actor's when the filter says), newest first; the previous page stays shown while the next loads. */
export function useAuditLogPage(filter: AuditLogFilter, cursor: string | null, limit: number) {
  const client = useServiceClient();
  return useQuery({
    queryKey: teamKeys.auditLog(filter, cursor, limit),
    queryFn: () => client.auditLog({ ...filter, limit, ...(cursor ? { cursor } : {}) }),
    placeholderData: keepPreviousData,
  });
}

/** The whole audit log as JSON lines (the export), saved as a file. */
export function useExportAuditLog() {
  const client = useServiceClient();
  return useMutation({ mutationFn: (filter: AuditLogFilter) => client.exportAuditLog(filter) });
}
