"use client";

import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { css } from "@codemirror/lang-css";
import { html } from "@codemirror/lang-html";
import { javascript } from "@codemirror/lang-javascript";
import { json } from "@codemirror/lang-json";
import { markdown } from "@codemirror/lang-markdown";
import { bracketMatching, defaultHighlightStyle, indentOnInput, syntaxHighlighting } from "@codemirror/language";
import { Compartment, EditorState, type Extension } from "@codemirror/state";
import { oneDark } from "@codemirror/theme-one-dark";
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from "@codemirror/view";
import { useEffect, useRef, type RefObject } from "react";

/** The language support CodeMirror has for a path's extension (plain text otherwise). */
function languageFor(path: string): Extension {
  const ext = path.slice(path.lastIndexOf(".") + 1).toLowerCase();
  switch (ext) {
    case "js":
    case "mjs":
    case "cjs":
      return javascript();
    case "jsx":
      return javascript({ jsx: true });
    case "ts":
    case "mts":
    case "cts":
      return javascript({ typescript: true });
    case "tsx":
      return javascript({ typescript: true, jsx: true });
    case "css":
      return css();
    case "html":
    case "htm":
    case "svg":
      return html();
    case "json":
      return json();
    case "md":
    case "markdown":
      return markdown();
    default:
      return [];
  }
}

const isDark = () => document.documentElement.classList.contains("dark");
/** One Dark's colours on the panel's own background (no darker box inside the dark page). */
const onPanel = EditorView.theme(
  { "&": { backgroundColor: "transparent" }, ".cm-gutters": { backgroundColor: "transparent" } },
  { dark: true },
);
const themeFor = (dark: boolean): Extension =>
  dark ? [oneDark, onPanel] : [syntaxHighlighting(defaultHighlightStyle, { fallback: true })];

/** Fills the panel; the font and size of the read-only viewer. */
const layout = EditorView.theme({
  "&": { height: "100%", fontSize: "12px" },
  ".cm-scroller": { fontFamily: "var(--font-mono, ui-monospace, monospace)", lineHeight: "1.55" },
  "&.cm-focused": { outline: "none" },
});

/**
 * A CodeMirror 6 editor of one file: the file's language, the page's theme (light or dark, following a change),
 * line numbers, undo history. Ctrl/Cmd+S calls `onSave`, Esc `onCancel`; `onDirty` says whether the text differs from
 * `initial` (when that changes), and `textRef` reads the text: a keystroke never copies a large file.
 * Uncontrolled: `initial` is read once (remount with a `key` for another file).
 */
export function CodeEditor({
  path,
  initial,
  onDirty,
  textRef,
  onSave,
  onCancel,
  readOnly = false,
}: {
  path: string;
  initial: string;
  onDirty: (dirty: boolean) => void;
  /** Set to a reader of the editor's text while it is mounted. */
  textRef: RefObject<(() => string) | null>;
  onSave: () => void;
  onCancel: () => void;
  readOnly?: boolean;
}) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  // The latest callbacks, read by the editor's handlers (created once).
  const handlers = useRef({ onDirty, onSave, onCancel });
  useEffect(() => {
    handlers.current = { onDirty, onSave, onCancel };
  }, [onDirty, onSave, onCancel]);
  const editable = useRef(new Compartment());

  useEffect(() => {
    const theme = new Compartment();
    let dirty = false;
    const state = EditorState.create({
      doc: initial,
      extensions: [
        lineNumbers(),
        highlightActiveLineGutter(),
        highlightActiveLine(),
        drawSelection(),
        history(),
        indentOnInput(),
        bracketMatching(),
        keymap.of([
          { key: "Mod-s", preventDefault: true, run: () => (handlers.current.onSave(), true) },
          { key: "Escape", run: () => (handlers.current.onCancel(), true) },
          indentWithTab,
          ...defaultKeymap,
          ...historyKeymap,
        ]),
        languageFor(path),
        theme.of(themeFor(isDark())),
        editable.current.of(EditorView.editable.of(!readOnly)),
        layout,
        EditorView.contentAttributes.of({ "aria-label": `Edit ${path}`, "data-testid": "code-editor-content" }),
        EditorView.updateListener.of((update) => {
          if (!update.docChanged) return;
          // Unequal lengths settle it at once; equal ones compare the documents' trees (no copy of the text).
          const { doc } = update.state;
          const now = !(doc.length === start.length && doc.eq(start));
          if (now !== dirty) handlers.current.onDirty((dirty = now));
        }),
      ],
    });
    const start = state.doc;
    const editor = new EditorView({ state, parent: host.current! });
    view.current = editor;
    textRef.current = () => editor.state.doc.toString();
    editor.focus();
    // The page's theme can change while editing (the theme toggle): follow the class on <html>.
    const observer = new MutationObserver(() => editor.dispatch({ effects: theme.reconfigure(themeFor(isDark())) }));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
    return () => {
      observer.disconnect();
      textRef.current = null;
      editor.destroy();
      view.current = null;
    };
    // The editor is created once per file: `initial` and `path` are read at mount only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    view.current?.dispatch({ effects: editable.current.reconfigure(EditorView.editable.of(!readOnly)) });
  }, [readOnly]);

  return <div ref={host} className="min-h-0 flex-1 overflow-hidden" data-testid="code-editor" data-path={path} />;
}
