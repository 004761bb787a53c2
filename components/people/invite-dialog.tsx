"use client";

import { UserPlus } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { AppDialog } from "@/components/ui/dialog";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Spinner } from "@/components/ui/spinner";
import { TextField } from "@/components/ui/text-field";
import { ROLES, type InvitationCreated, type Role } from "@/lib/api/schemas/team";
import { useCreateInvitation } from "@/lib/hooks/use-team";
import { OneTimeSecretDialog } from "./one-time-secret-dialog";
import { RoleSelect } from "./role-select";

/** "Invite person" (email and role): the one-time link is then shown once, with a copy button. */
export function InviteButton() {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("member");
  const [created, setCreated] = useState<InvitationCreated | null>(null);
  const create = useCreateInvitation();
  const close = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setEmail("");
      setRole("member");
      create.reset();
    }
  };
  return (
    <>
      <Button variant="primary" onClick={() => setOpen(true)} data-testid="invite-button">
        <UserPlus className="size-4" aria-hidden />
        Invite person
      </Button>
      <AppDialog
        open={open}
        onOpenChange={close}
        title="Invite a person"
        description="They get a link valid for 7 days, for one use: opening it, they choose their name and password."
        testId="invite-dialog"
        focusFirstField
      >
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (!email.trim()) return;
            create.mutate(
              { email: email.trim(), role },
              {
                onSuccess: (invitation) => {
                  close(false);
                  setCreated(invitation);
                },
              },
            );
          }}
        >
          <TextField
            id="invite-email"
            label="Email"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            required
          />
          <div className="space-y-1.5">
            <label htmlFor="invite-role" className="text-sm font-medium">
              Role
            </label>
            <RoleSelect id="invite-role" value={role} onChange={setRole} roles={ROLES} className="h-9 w-full" />
          </div>
          {create.error ? <ErrorPanel error={create.error} title="The invitation was not created" /> : null}
          <div className="flex justify-end gap-2">
            <Button onClick={() => close(false)}>Cancel</Button>
            <Button type="submit" variant="primary" disabled={!email.trim() || create.isPending}>
              {create.isPending ? <Spinner /> : null}
              Create invitation
            </Button>
          </div>
        </form>
      </AppDialog>
      <OneTimeSecretDialog
        secret={created?.url ?? null}
        title={created ? `Invitation for ${created.email}` : "Invitation"}
        description={created ? `Send this link to ${created.email}: it makes them ${article(created.role)}.` : null}
        label="Invitation link"
        warning={
          <>
            <strong>You won&apos;t see this link again.</strong> It works once, for 7 days; if it is lost, revoke the
            invitation and invite again.
          </>
        }
        testId="invitation-link"
        onDone={() => setCreated(null)}
      />
    </>
  );
}

const article = (role: Role) => `${role === "admin" ? "an" : "a"} ${role}`;
