import type { ThemeRegistrationAny } from "shiki";

/**
 * The code colours of the timeline and the files viewer: GitHub's Primer themes ("default" palettes), whose token
 * colours reach WCAG AA (4.5:1) on our card and muted backgrounds, except light comments, darkened here.
 */
export const CODE_THEMES = { light: "github-light-default", dark: "github-dark-default" } as const;

/** Light comments #6e7781 are 4.2:1 on the muted background; #59636e is 5.9:1 (Primer's own muted foreground). */
const AA_REPLACEMENTS: Record<string, string> = { "#6e7781": "#59636e" };

function withReplacements(theme: ThemeRegistrationAny): ThemeRegistrationAny {
  let json = JSON.stringify(theme);
  for (const [from, to] of Object.entries(AA_REPLACEMENTS)) json = json.replaceAll(`"${from}"`, `"${to}"`);
  return JSON.parse(json) as ThemeRegistrationAny;
}

/** Both themes, for `createHighlighterCore({ themes })`. */
export function loadCodeThemes(): Promise<ThemeRegistrationAny>[] {
  return [
    import("shiki/themes/github-light-default.mjs").then((m) => withReplacements(m.default as ThemeRegistrationAny)),
    import("shiki/themes/github-dark-default.mjs").then((m) => m.default as ThemeRegistrationAny),
  ];
}
