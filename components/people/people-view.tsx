"use client";

import { MailPlus, UserRound, Users } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { SettingsSection } from "@/components/settings/settings-section";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";
import { RelativeTime } from "@/components/ui/relative-time";
import { Skeleton } from "@/components/ui/skeleton";
import { FIRST_ADMIN_ID, ROLES, type Member, type Role } from "@/lib/api/schemas/team";
import { usePerson } from "@/lib/hooks/person";
import {
  useDeleteMember,
  useInvitations,
  useMembers,
  useRevokeInvitation,
  useUpdateMember,
} from "@/lib/hooks/use-team";
import { DeleteMemberDialog } from "./delete-member-dialog";
import { InviteButton } from "./invite-dialog";
import { RoleSelect } from "./role-select";

/**
 * Settings → People (admins): everyone with their role and state, "Invite person", the pending invitations (revoke),
 * role changes, disable / enable and delete (handing their chats on). A refusal shows the service's own message (e.g.
 * 409 for the first admin, who cannot be demoted, disabled or deleted).
 */
export function PeopleView() {
  const me = usePerson();
  const members = useMembers();
  const update = useUpdateMember();
  const remove = useDeleteMember();
  const [deleting, setDeleting] = useState<Member | null>(null);
  const list = members.data?.members ?? [];

  const change = (member: Member, body: { role?: Role; disabled?: boolean }, done: string) =>
    update.mutate({ memberId: member.id, body }, { onSuccess: () => toast.success(done) });

  return (
    <div className="flex flex-col gap-8">
      <SettingsSection
        id="people"
        title="People"
        description="Admins manage people and settings; members create and work on chats; viewers read. A change takes effect on the person's next request."
      >
        <div className="flex justify-end">
          <InviteButton />
        </div>
        {update.error ? (
          <ErrorPanel error={update.error} title="The change was not made" onRetry={() => update.reset()} />
        ) : null}
        {members.isPending ? (
          <div className="space-y-2" aria-busy>
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : members.error ? (
          <ErrorPanel error={members.error} title="The people could not be read" onRetry={() => members.refetch()} />
        ) : list.length === 0 ? (
          <EmptyState icon={Users} title="Nobody yet">
            Invite someone: they choose their name and password from the link.
          </EmptyState>
        ) : (
          <ul className="divide-y divide-border rounded-md border border-border" data-testid="people-list">
            {list.map((member) => {
              const protectedOne = member.id === FIRST_ADMIN_ID;
              const busy = update.isPending && update.variables?.memberId === member.id;
              return (
                <li
                  key={member.id}
                  className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2.5"
                  data-testid="member-row"
                  data-id={member.id}
                  data-role={member.role}
                  data-state={member.disabled ? "disabled" : "active"}
                >
                  <UserRound className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                  <div className="min-w-0 flex-1 basis-48">
                    <p className="flex items-center gap-2 text-sm font-medium">
                      <span className="truncate">{member.name}</span>
                      {member.id === me?.id ? <span className="text-xs text-muted-foreground">(you)</span> : null}
                      {member.disabled ? (
                        <span className="rounded border border-danger-border px-1 text-[10px] text-danger">
                          disabled
                        </span>
                      ) : null}
                    </p>
                    <p className="truncate text-xs text-muted-foreground">
                      {member.email} · joined <RelativeTime iso={member.createdAt} />
                    </p>
                  </div>
                  <RoleSelect
                    value={member.role}
                    roles={ROLES}
                    short
                    label={`Role of ${member.name}`}
                    disabled={protectedOne || busy}
                    onChange={(role) =>
                      change(member, { role }, `${member.name} is now ${role === "admin" ? "an" : "a"} ${role}`)
                    }
                  />
                  <Button
                    size="sm"
                    disabled={protectedOne || busy}
                    title={protectedOne ? "The first admin cannot be disabled" : undefined}
                    onClick={() =>
                      change(
                        member,
                        { disabled: !member.disabled },
                        member.disabled ? `${member.name} is enabled` : `${member.name} is disabled`,
                      )
                    }
                  >
                    {member.disabled ? "Enable" : "Disable"}
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    className="text-danger hover:text-danger"
                    disabled={protectedOne || busy}
                    title={protectedOne ? "The first admin cannot be deleted" : undefined}
                    onClick={() => {
                      remove.reset();
                      setDeleting(member);
                    }}
                  >
                    Delete…
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </SettingsSection>
      <PendingInvitations />
      <DeleteMemberDialog
        member={deleting}
        others={list.filter((m) => m.id !== deleting?.id && !m.disabled)}
        pending={remove.isPending}
        error={remove.error}
        onOpenChange={(open) => (open ? null : setDeleting(null))}
        onConfirm={(transferTo) =>
          deleting &&
          remove.mutate(
            { memberId: deleting.id, transferTo },
            {
              onSuccess: ({ transferred }) => {
                toast.success(
                  `${deleting.name} was deleted${transferred !== null ? `; ${transferred} chat${transferred === 1 ? "" : "s"} handed on` : ""}`,
                );
                setDeleting(null);
              },
            },
          )
        }
      />
    </div>
  );
}

/** The invitations not yet accepted (never their links: those were shown once); revoking one ends its link. */
function PendingInvitations() {
  const invitations = useInvitations();
  const revoke = useRevokeInvitation();
  const list = invitations.data?.invitations ?? [];
  return (
    <SettingsSection id="invitations" title="Pending invitations">
      {revoke.error ? <ErrorPanel error={revoke.error} title="The invitation was not revoked" /> : null}
      {invitations.isPending ? (
        <Skeleton className="h-10 w-full" />
      ) : invitations.error ? (
        <ErrorPanel
          error={invitations.error}
          title="The invitations could not be read"
          onRetry={() => invitations.refetch()}
        />
      ) : list.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="invitations-empty">
          <MailPlus className="size-4" aria-hidden />
          No pending invitations.
        </p>
      ) : (
        <ul className="divide-y divide-border rounded-md border border-border" data-testid="invitations-list">
          {list.map((invitation) => (
            <li
              key={invitation.id}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm"
              data-testid="invitation-row"
              data-id={invitation.id}
            >
              <span className="min-w-0 flex-1 basis-48">
                <span className="block truncate font-medium">{invitation.email}</span>
                <span className="text-xs text-muted-foreground">
                  as {invitation.role} · expires <RelativeTime iso={invitation.expiresAt} />
                </span>
              </span>
              <Button
                size="sm"
                variant="ghost"
                disabled={revoke.isPending && revoke.variables === invitation.id}
                onClick={() =>
                  revoke.mutate(invitation.id, {
                    onSuccess: () => toast.success(`The invitation for ${invitation.email} was revoked`),
                  })
                }
              >
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
    </SettingsSection>
  );
}
