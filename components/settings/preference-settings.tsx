"use client";

import { Monitor, Moon, Sun } from "lucide-react";
import { useResponseMode } from "@/components/chat/response-mode-picker";
import { useTheme, type ThemeChoice } from "@/components/theme/theme-provider";
import { useAutoFixSetting } from "@/lib/hooks/auto-fix-setting";
import { RESPONSE_MODES, type ResponseMode } from "@/lib/hooks/response-mode";
import { ChoiceGroup, type Choice } from "./choice-group";
import { SettingsSection } from "./settings-section";

const THEMES: readonly Choice<ThemeChoice>[] = [
  { value: "system", label: "System", hint: "Follow the operating system's light or dark setting", icon: Monitor },
  { value: "light", label: "Light", hint: "Always light", icon: Sun },
  { value: "dark", label: "Dark", hint: "Always dark", icon: Moon },
];

const MODES: readonly Choice<ResponseMode>[] = RESPONSE_MODES.map(({ mode, label, hint }) => ({
  value: mode,
  label,
  hint,
}));

/**
 * This browser's choices: the theme, the response mode new prompts start with (the composer changes it too), and
 * auto-fix of the preview's problems.
 */
export function PreferenceSettings() {
  const { theme, setTheme } = useTheme();
  const [mode, setMode] = useResponseMode();
  const [autoFix, setAutoFix] = useAutoFixSetting();
  return (
    <SettingsSection
      id="preferences"
      title="Preferences"
      description="Kept in this browser; saved as soon as you choose."
    >
      <div className="space-y-5">
        <ChoiceGroup name="theme" legend="Theme" value={theme} choices={THEMES} onChange={setTheme} />
        <ChoiceGroup
          name="response-mode"
          legend="Response mode for prompts"
          value={mode}
          choices={MODES}
          onChange={setMode}
        />
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            checked={autoFix}
            onChange={(e) => setAutoFix(e.target.checked)}
            className="mt-0.5"
            data-testid="auto-fix-setting"
          />
          <span>
            <span className="font-medium">Auto-fix the preview&apos;s problems</span>
            <span className="block text-xs text-muted-foreground">
              When an answer finishes and its preview (open in the chat&apos;s Preview tab) reports new errors within 5
              seconds, send one fix message by itself; at most 2 in a row until you send a message.
            </span>
          </span>
        </label>
      </div>
    </SettingsSection>
  );
}
