import "server-only";

/**
 * The static web app the scripted agent writes: index.html, styles.css and app.js, shaped by the prompts.
 * Pure and deterministic: the same title and requests give the same files.
 */
interface WebAppSpec {
  title: string;
  /**
   * The chat's requests so far (directives removed), oldest first; the last one is the current. The agent
   * remembers the last REQUEST_MEMORY of them, so `earlier` says how many came before these (default 0).
   */
  requests: string[];
  earlier?: number;
  /** app.js logs a console.error and throws an uncaught Error when the page loads (the `/broken` directive). */
  broken?: boolean;
}

/** How many of a chat's requests the agent reads and lists in the app's change log (a chat may hold 5,000). */
export const REQUEST_MEMORY = 50;

export interface GeneratedFile {
  path: string;
  content: string;
  /** One line describing the file, for the plan and the summary. */
  purpose: string;
  /** How `content` is stored: text (default) or base64 for binary files (the `/image` PNG). */
  encoding?: "utf8" | "base64";
}

type AppFile = "index.html" | "styles.css" | "app.js";

/** A line each of the app's files always holds: how the agent tells its own files from files it did not write. */
const OWN_MARKS: Record<AppFile, string> = {
  "index.html": '<ol class="log">',
  "styles.css": "--accent: hsl(",
  "app.js": 'var STORAGE_KEY = "atelier:',
};

/** Whether the file is one of the app's files as the agent writes them (it rewrites those, never files it did not write). */
export function isOwnAppFile(file: { path: string; content: string }): boolean {
  const mark = (OWN_MARKS as Record<string, string | undefined>)[file.path];
  return mark !== undefined && file.content.includes(mark);
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** A JSON literal that is safe inside a script file and inside HTML. */
function jsLiteral(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026");
}

export function hashString(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** Features named by a request: "a todo app with dark mode and due dates" → ["dark mode", "due dates"]. */
export function featuresOf(request: string): string[] {
  const match = /\b(?:with|featuring|including|that has|which has)\b(.+)$/i.exec(request);
  if (!match) return [];
  return match[1]!
    .split(/,|\band\b|\bplus\b|&/i)
    .map((s) =>
      s
        .replace(/^[\s.]*(?:an?|the|some)\s+/i, "")
        .replace(/[\s.!?]+$/, "")
        .trim(),
    )
    .filter((s) => s.length > 0 && s.length <= 60)
    .slice(0, 6);
}

export function isDark(requests: string[]): boolean {
  return requests.some((r) => /\b(dark|night|midnight)\b/i.test(r));
}

export function buildWebApp(spec: WebAppSpec): GeneratedFile[] {
  const current = spec.requests[spec.requests.length - 1] ?? "";
  const features = [...new Set(spec.requests.flatMap(featuresOf))];
  const starter = features.length ? features : ["Read the request", "Sketch the layout", "Ship the first version"];
  const hue = hashString(spec.title) % 360;
  const dark = isDark(spec.requests);
  return [
    {
      path: "index.html",
      content: indexHtml(spec, current),
      purpose: "page structure: header, task list and the change log",
    },
    {
      path: "styles.css",
      content: stylesCss(hue, dark),
      purpose: `${dark ? "dark" : "light"} theme with accent hue ${hue}`,
    },
    {
      path: "app.js",
      content: appJs(spec.title, starter, spec.broken ?? false),
      purpose: `interactive list (${starter.length} starter ${starter.length === 1 ? "item" : "items"}), add, toggle and remove`,
    },
  ];
}

function indexHtml(spec: WebAppSpec, current: string): string {
  const title = escapeHtml(spec.title);
  const earlier = spec.earlier ?? 0;
  const log = [
    ...(earlier > 0
      ? [`        <li class="earlier">${earlier} earlier ${earlier === 1 ? "request" : "requests"}</li>`]
      : []),
    ...spec.requests.map((r, i) => `        <li><span class="step">${earlier + i + 1}</span> ${escapeHtml(r)}</li>`),
  ].join("\n");
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title}</title>
    <link rel="stylesheet" href="styles.css" />
  </head>
  <body>
    <header class="hero">
      <h1>${title}</h1>
      <p class="lead">${escapeHtml(current)}</p>
    </header>
    <main>
      <section class="card" aria-labelledby="items-heading">
        <h2 id="items-heading">Items <span id="count" class="count"></span></h2>
        <form id="add-form" class="add">
          <label class="sr-only" for="new-item">New item</label>
          <input id="new-item" name="item" placeholder="Add an item…" autocomplete="off" required />
          <button type="submit">Add</button>
        </form>
        <ul id="items" class="items"></ul>
      </section>
      <section class="card" aria-labelledby="log-heading">
        <h2 id="log-heading">Change log</h2>
        <ol class="log">
${log}
        </ol>
      </section>
    </main>
    <footer>Generated by the Atelier scripted agent.</footer>
    <script src="app.js"></script>
  </body>
</html>
`;
}

function stylesCss(hue: number, dark: boolean): string {
  const bg = dark ? `hsl(${hue} 25% 10%)` : `hsl(${hue} 40% 97%)`;
  const surface = dark ? `hsl(${hue} 20% 15%)` : "#ffffff";
  const text = dark ? `hsl(${hue} 15% 92%)` : `hsl(${hue} 25% 15%)`;
  const muted = dark ? `hsl(${hue} 10% 65%)` : `hsl(${hue} 10% 40%)`;
  return `:root {
  --accent: hsl(${hue} 70% ${dark ? "62%" : "45%"});
  --bg: ${bg};
  --surface: ${surface};
  --text: ${text};
  --muted: ${muted};
  --radius: 12px;
  color-scheme: ${dark ? "dark" : "light"};
}

* { box-sizing: border-box; }

body {
  margin: 0;
  font-family: system-ui, -apple-system, "Segoe UI", sans-serif;
  background: var(--bg);
  color: var(--text);
  line-height: 1.5;
}

.hero {
  padding: 3rem 1.5rem 2rem;
  text-align: center;
  background: linear-gradient(135deg, var(--accent), transparent 80%);
}

.hero h1 { margin: 0 0 0.5rem; font-size: clamp(1.8rem, 5vw, 2.8rem); }
.lead { margin: 0 auto; max-width: 40rem; color: var(--muted); }

main {
  display: grid;
  gap: 1.5rem;
  max-width: 48rem;
  margin: 0 auto;
  padding: 1.5rem;
}

.card {
  background: var(--surface);
  border-radius: var(--radius);
  padding: 1.25rem 1.5rem;
  box-shadow: 0 1px 3px rgb(0 0 0 / 0.12);
}

.card h2 { margin-top: 0; font-size: 1.1rem; }
.count { color: var(--muted); font-weight: normal; }

.add { display: flex; gap: 0.5rem; margin-bottom: 1rem; }
.add input {
  flex: 1;
  padding: 0.55rem 0.75rem;
  border: 1px solid var(--muted);
  border-radius: 8px;
  background: transparent;
  color: inherit;
}
button {
  padding: 0.55rem 1rem;
  border: 0;
  border-radius: 8px;
  background: var(--accent);
  color: #fff;
  cursor: pointer;
}

.items { list-style: none; margin: 0; padding: 0; }
.items li { display: flex; align-items: center; gap: 0.75rem; padding: 0.4rem 0; }
.items li.done span { text-decoration: line-through; color: var(--muted); }
.items li button { margin-left: auto; padding: 0.2rem 0.6rem; background: transparent; color: var(--muted); }

.log { margin: 0; padding-left: 0; list-style: none; }
.log li { padding: 0.3rem 0; }
.step {
  display: inline-block;
  min-width: 1.6rem;
  border-radius: 999px;
  background: var(--accent);
  color: #fff;
  text-align: center;
  font-size: 0.8rem;
}

footer { padding: 2rem; text-align: center; color: var(--muted); font-size: 0.85rem; }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
`;
}

/**
 * The end of a broken app.js (`/broken`): the error that stops it, after the list is shown. Its texts never hold the
 * directive itself: "Fix with agent" quotes them, and a quoted `/broken` would break the app again.
 */
const BROKEN_END = `
  console.error("Atelier: the next line throws on purpose (the broken directive).");
  throw new Error("The app is broken on purpose: the broken directive asked for an uncaught error.");
`;

function appJs(title: string, starter: string[], broken: boolean): string {
  const comment = title.replace(/[\r\n\u2028\u2029]/g, " ").replace(/[<>]/g, "");
  return `// ${comment}: a small list with add, toggle and remove.
(function () {
  "use strict";
  var STORAGE_KEY = ${jsLiteral(`atelier:${title}`)};
  var STARTER = ${jsLiteral(starter)};

  function load() {
    try {
      var saved = JSON.parse(window.localStorage.getItem(STORAGE_KEY) || "null");
      if (Array.isArray(saved)) return saved;
    } catch (e) {
      // Storage is unavailable in sandboxed previews; start fresh.
    }
    return STARTER.map(function (text) {
      return { text: text, done: false };
    });
  }

  function save(items) {
    try {
      window.localStorage.setItem(STORAGE_KEY, JSON.stringify(items));
    } catch (e) {
      // Not persisted; the list still works for this visit.
    }
  }

  var items = load();
  var list = document.getElementById("items");
  var count = document.getElementById("count");
  var form = document.getElementById("add-form");
  var input = document.getElementById("new-item");

  function render() {
    list.textContent = "";
    items.forEach(function (item, index) {
      var li = document.createElement("li");
      if (item.done) li.className = "done";
      var box = document.createElement("input");
      box.type = "checkbox";
      box.checked = item.done;
      box.setAttribute("aria-label", "Done: " + item.text);
      box.addEventListener("change", function () {
        item.done = box.checked;
        save(items);
        render();
      });
      var label = document.createElement("span");
      label.textContent = item.text;
      var remove = document.createElement("button");
      remove.type = "button";
      remove.textContent = "Remove";
      remove.addEventListener("click", function () {
        items.splice(index, 1);
        save(items);
        render();
      });
      li.append(box, label, remove);
      list.appendChild(li);
    });
    var done = items.filter(function (i) { return i.done; }).length;
    count.textContent = "(" + done + " of " + items.length + " done)";
  }

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var text = input.value.trim();
    if (!text) return;
    items.push({ text: text, done: false });
    input.value = "";
    save(items);
    render();
  });

  render();
${broken ? BROKEN_END : ""}})();
`;
}
