import type { Part } from "../schemas";

/**
 * Deterministic producers of parts-array snapshots, for tests and the benchmark (not used by the app).
 * A producer makes a new snapshot per step without mutating the previous one, like the service does.
 */

/** mulberry32: a small seeded PRNG returning floats in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = [
  "build",
  "the",
  "page",
  "layout",
  "grid",
  "é",
  "naïve",
  "中文",
  "😀",
  "🧪",
  "%",
  "\n",
  "`code`",
  "**bold**",
  "function",
  "render()",
  "{",
  "}",
  '"quoted"',
  "\\",
  "tab\t",
  "✓",
  "résumé",
  "→",
];

function words(rand: () => number, count: number): string {
  let out = "";
  for (let i = 0; i < count; i++) out += (i ? " " : "") + WORDS[Math.floor(rand() * WORDS.length)];
  return out;
}

const stamp = (n: number) => new Date(Date.UTC(2025, 0, 1, 12, 0, 0) + n * 1000).toISOString();

/** A fresh part of a random kind (all eight kinds plus one unknown kind). */
function randomPart(rand: () => number, n: number): Part {
  const at = { startedAt: stamp(n) };
  switch (Math.floor(rand() * 9)) {
    case 0:
      return { type: "text", text: words(rand, 3), ...at };
    case 1:
      return { type: "thinking", text: words(rand, 12), ...at };
    case 2:
      return { type: "file-read", paths: ["index.html"], ...at };
    case 3:
      return { type: "file-edit", operation: "create", path: `src/file-${n}.ts`, ...at };
    case 4:
      return { type: "search", scope: "repo", query: words(rand, 2), ...at };
    case 5:
      return { type: "bash", command: "npm run build", output: "", ...at };
    case 6:
      return { type: "tool-call", name: "project_tool", toolDisplayName: null, input: { path: "a", depth: 1 }, ...at };
    case 7:
      return { type: "agent-action", name: "plan", data: { requestedIntegrations: [] }, ...at };
    default:
      return { type: "future-kind", payload: { steps: [1, 2] }, ...at } as Part;
  }
}

type Mutable = Record<string, unknown>;

/** One random edit of `prev` into a new snapshot; unchanged parts keep their identity when `share` is set. */
function randomStep(prev: readonly Part[], rand: () => number, n: number, share = true): Part[] {
  const next: Part[] = share ? prev.slice() : structuredClone(prev as Part[]);
  const pick = () => Math.floor(rand() * next.length);
  const edit = (i: number, f: (p: Mutable) => void) => {
    const copy = { ...(next[i] as Mutable) };
    f(copy);
    next[i] = copy as Part;
  };
  const r = rand();
  if (next.length === 0 || r < 0.15) {
    next.splice(Math.floor(rand() * (next.length + 1)), 0, randomPart(rand, n));
  } else if (r < 0.5) {
    // grow a string: text, thinking, bash output, or any string field
    const i = pick();
    edit(i, (p) => {
      const key =
        typeof p.text === "string"
          ? "text"
          : typeof p.output === "string"
            ? "output"
            : typeof p.query === "string"
              ? "query"
              : "note";
      const before = typeof p[key] === "string" ? (p[key] as string) : "";
      p[key] = before + " " + words(rand, 1 + Math.floor(rand() * 20));
    });
  } else if (r < 0.58) {
    // rewrite the middle of a string (a text diff that is not an append)
    const i = pick();
    edit(i, (p) => {
      const key = typeof p.text === "string" ? "text" : "label";
      // cut on code points: strings on the wire never hold lone surrogates
      const s = Array.from(typeof p[key] === "string" ? (p[key] as string) : words(rand, 30));
      const cut = Math.floor(s.length / 2);
      p[key] = s.slice(0, cut).join("") + words(rand, 2) + s.slice(cut + Math.floor(rand() * 10)).join("");
    });
  } else if (r < 0.68) {
    const i = pick();
    edit(i, (p) => {
      p.finishedAt = stamp(n);
      if (p.type === "tool-call") p.status = rand() < 0.5 ? "ok" : "error";
      if (p.type === "bash") p.exitCode = Math.floor(rand() * 3);
    });
  } else if (r < 0.74) {
    const i = pick();
    edit(i, (p) => {
      delete p.startedAt;
      delete p.finishedAt;
    });
  } else if (r < 0.8) {
    // nested changes: arrays and objects inside a part
    const i = pick();
    edit(i, (p) => {
      if (Array.isArray(p.paths)) p.paths = rand() < 0.7 ? [...p.paths, `f${n}.css`] : p.paths.slice(1);
      else if (p.input && typeof p.input === "object") p.input = { ...(p.input as Mutable), depth: n, extra: [n] };
      else if (p.data && typeof p.data === "object")
        p.data = { ...(p.data as Mutable), requestedIntegrations: [`int-${n}`] };
      else p.meta = { n };
    });
  } else if (r < 0.88) {
    next.splice(pick(), 1);
  } else if (r < 0.94 && next.length > 1) {
    // move a part (a move delta when identities are shared)
    const [moved] = next.splice(pick(), 1);
    next.splice(Math.floor(rand() * (next.length + 1)), 0, moved!);
  } else {
    next.push(randomPart(rand, n), randomPart(rand, n + 1));
  }
  return next;
}

/** A sequence of snapshots starting from []: `steps` random edits. */
export function randomSnapshots(seed: number, steps: number, share = true): Part[][] {
  const rand = seededRandom(seed);
  const out: Part[][] = [[]];
  for (let n = 1; n <= steps; n++) out.push(randomStep(out[n - 1]!, rand, n, share));
  return out;
}

/**
 * A realistic streamed assistant message: `parts` parts appear one by one; each grows in steps (text and
 * thinking by sentences, bash output by lines, file-read paths one by one) and then gets finishedAt.
 * About `deltas` snapshots in total (the first one is []).
 */
export function streamedMessageSnapshots(opts: { parts: number; deltas: number; seed?: number }): Part[][] {
  const rand = seededRandom(opts.seed ?? 1);
  const growthSteps = Math.max(0, opts.deltas - 2 * opts.parts); // one add and one finish per part
  const out: Part[][] = [[]];
  let current: Part[] = [];
  let n = 0;
  const push = (next: Part[]) => {
    current = next;
    out.push(next);
  };
  for (let i = 0; i < opts.parts; i++) {
    const kinds = ["text", "thinking", "bash", "file-read", "tool-call", "file-edit", "text", "bash"] as const;
    const kind = kinds[Math.floor(rand() * kinds.length)]!;
    const started = { startedAt: stamp(++n) };
    let part: Mutable;
    switch (kind) {
      case "text":
      case "thinking":
        part = { type: kind, text: "", ...started };
        break;
      case "bash":
        part = { type: "bash", command: `npm run step-${i}`, output: "", ...started };
        break;
      case "file-read":
        part = { type: "file-read", paths: [], ...started };
        break;
      case "tool-call":
        part = {
          type: "tool-call",
          name: "project_tool",
          toolDisplayName: "Project tool",
          input: { step: i },
          ...started,
        };
        break;
      case "file-edit":
        part = { type: "file-edit", operation: "update", path: `src/components/part-${i}.tsx`, ...started };
        break;
    }
    push([...current, part as Part]);
    // spread the growth steps evenly over the parts
    const grow = Math.floor(((i + 1) * growthSteps) / opts.parts) - Math.floor((i * growthSteps) / opts.parts);
    for (let g = 0; g < grow; g++) {
      const last = { ...(current[current.length - 1] as Mutable) };
      if (typeof last.text === "string")
        last.text += (last.text ? " " : "") + words(rand, 8 + Math.floor(rand() * 12)) + ".";
      else if (typeof last.output === "string") last.output += `line ${g}: ${words(rand, 6)}\n`;
      else if (Array.isArray(last.paths)) last.paths = [...last.paths, `src/lib/module-${g}.ts`];
      else if (last.type === "tool-call") last.output = { progress: g, lines: g * 10 };
      else last.toPath = `src/components/renamed-${g}.tsx`;
      const next = current.slice();
      next[next.length - 1] = last as Part;
      push(next);
    }
    const done: Mutable = { ...(current[current.length - 1] as Mutable), finishedAt: stamp(++n) };
    if (done.type === "bash") done.exitCode = 0;
    if (done.type === "tool-call") done.status = "ok";
    const next = current.slice();
    next[next.length - 1] = done as Part;
    push(next);
  }
  return out;
}
