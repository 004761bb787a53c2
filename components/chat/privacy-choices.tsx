"use client";

import type { Privacy } from "@/lib/api/schemas";
import { PrivacyBadge } from "./privacy-badge";

/** What each privacy means, in one line (issue 40's table; the service enforces it). The one place that says it. */
export const PRIVACY_MEANING: Record<Privacy, string> = {
  private: "Only you see and change it.",
  team: "Everyone in the team sees it; only you change it.",
  "team-edit": "Everyone in the team sees it; members and admins change it too.",
  unlisted: "The team and anyone with the link see it (no sign-in); listed only for you.",
  public: "Like unlisted, and listed for everyone in the team under Public.",
};

export const PRIVACY_ORDER: readonly Privacy[] = ["private", "team", "team-edit", "unlisted", "public"];

/**
 * The five privacy values as radio buttons, each with its badge and its one line: the Share dialog's control and the
 * team's default in Settings. `testIdPrefix` + the value names each radio.
 */
export function PrivacyChoices({
  name,
  legend,
  value,
  onChange,
  disabled,
  testIdPrefix,
}: {
  name: string;
  legend: string;
  value: Privacy;
  onChange: (privacy: Privacy) => void;
  disabled?: boolean;
  testIdPrefix: string;
}) {
  return (
    <fieldset className="space-y-1" disabled={disabled}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {PRIVACY_ORDER.map((p) => (
        <label
          key={p}
          className="flex cursor-pointer items-start gap-3 rounded-md px-2 py-1.5 hover:bg-muted has-[:checked]:bg-muted"
        >
          <input
            type="radio"
            name={name}
            value={p}
            checked={value === p}
            onChange={() => onChange(p)}
            data-testid={`${testIdPrefix}${p}`}
            className="mt-1"
          />
          <span className="min-w-0">
            <PrivacyBadge privacy={p} />
            <span className="mt-0.5 block text-xs text-muted-foreground">{PRIVACY_MEANING[p]}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
