import { SettingsSection } from "./settings-section";

const SHORTCUTS: readonly [keys: string[], what: string][] = [
  [["Ctrl", "K"], "Open the quick switcher (⌘ K on a Mac), from any page"],
  [["/"], "Focus the page's search field, or open the quick switcher"],
  [["Enter"], "Send the prompt"],
  [["Shift", "Enter"], "New line in the prompt"],
  [["Esc"], "Close a dialog or the right panel"],
  [["↑", "↓"], "Move in the quick switcher and the files tree"],
  [["L"], "Lock or unlock the selected file in the files tree"],
];

/** The dashboard's keyboard shortcuts (docs/ui.md "Keyboard"). */
export function KeyboardSettings() {
  return (
    <SettingsSection id="keyboard" title="Keyboard shortcuts">
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]">
        {SHORTCUTS.map(([keys, what]) => (
          <div key={what} className="contents">
            <dt className="flex items-center gap-1">
              {keys.map((k) => (
                <kbd key={k} className="rounded border border-border bg-muted px-1.5 py-0.5 font-sans text-xs">
                  {k}
                </kbd>
              ))}
            </dt>
            <dd className="text-muted-foreground">{what}</dd>
          </div>
        ))}
      </dl>
    </SettingsSection>
  );
}
