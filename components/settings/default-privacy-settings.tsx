"use client";

import { toast } from "sonner";
import { PRIVACY_MEANING, PrivacyChoices } from "@/components/chat/privacy-choices";
import { PrivacyBadge } from "@/components/chat/privacy-badge";
import { ErrorPanel } from "@/components/ui/error-panel";
import { isServiceError } from "@/lib/api/errors";
import type { Privacy } from "@/lib/api/schemas";
import { useDefaultPrivacy, useSetDefaultPrivacy } from "@/lib/hooks/use-default-privacy";
import { useIsAdmin } from "@/lib/hooks/person";
import { SettingsSection } from "./settings-section";

/**
 * The team's default privacy for new chats (GET/PUT /v2/settings/default-privacy, issue 40): an admin picks one of the
 * five values (each with the Share dialog's line), everyone else reads it. A chat created without a privacy gets it.
 */
export function DefaultPrivacySettings() {
  const query = useDefaultPrivacy();
  const admin = useIsAdmin();
  return (
    <SettingsSection
      id="default-privacy"
      title="New chats' privacy"
      description="Who sees a new chat when its author does not choose. “You” is the chat's author; the author can change it later with Share."
    >
      {query.privacy ? (
        admin ? (
          <DefaultPrivacyChoices privacy={query.privacy} />
        ) : (
          <div className="space-y-1" data-testid="default-privacy-read-only">
            <p className="flex flex-wrap items-center gap-2 text-sm">
              <PrivacyBadge privacy={query.privacy} />
              <span className="text-muted-foreground">{PRIVACY_MEANING[query.privacy]}</span>
            </p>
            <p className="text-xs text-muted-foreground">Only an admin changes the team&apos;s default.</p>
          </div>
        )
      ) : query.unsupported ? (
        <p className="text-sm text-muted-foreground" data-testid="default-privacy-unsupported">
          This service has no team default (GET /v2/settings/default-privacy is the embedded service&apos;s extension):
          new chats are private unless their author chooses.
        </p>
      ) : query.error ? (
        <ErrorPanel
          error={query.error}
          title="The default privacy could not be loaded"
          onRetry={() => void query.refetch()}
        />
      ) : (
        <p className="text-sm text-muted-foreground">Loading…</p>
      )}
    </SettingsSection>
  );
}

function DefaultPrivacyChoices({ privacy }: { privacy: Privacy }) {
  const set = useSetDefaultPrivacy();
  const choose = (next: Privacy) =>
    set.mutate(next, {
      onSuccess: () => toast.success(`New chats are now ${next}`),
      onError: (error) =>
        toast.error("The default privacy could not be changed", {
          description: isServiceError(error) ? error.message : String(error),
        }),
    });
  return (
    <div data-testid="default-privacy-form">
      <PrivacyChoices
        name="default-privacy"
        legend="New chats are"
        value={set.isPending && set.variables ? set.variables : privacy}
        onChange={choose}
        disabled={set.isPending}
        testIdPrefix="default-privacy-"
      />
    </div>
  );
}
