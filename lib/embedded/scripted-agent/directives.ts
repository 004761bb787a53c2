import "server-only";

/**
 * Directives steer the scripted agent (DESIGN "Scripted agent"). They are words starting with `/` anywhere in
 * the prompt; the rest of the prompt is what the agent builds. Unknown `/words` stay part of the text.
 *
 *   /fail               error after the stream began; the message finishes with finishReason "error"
 *   /slow               paces the agent at five times its delay (at least 60 ms per step) and makes the build verbose
 *                       (a bash output several hundred lines long)
 *   /pace <ms>          paces every step at <ms> (0–2000; chunks at half): a long answer to stop, resume or watch
 *   /fast               no pacing at all: the answer is produced as fast as the store allows (seeding long chats)
 *   /web <query…>       the search part searches the web for the rest of the line
 *   /integration A,B    blocks on integrations A and B; `mcp:Name` items are MCP presets (`/integration Neon,mcp:Linear`)
 *   /script <path>      after the build, blocks on permissions to run the script at <path>
 *   /mcp                loads the tools of the attached, connected MCP servers and calls one (lib/embedded/mcp/agent-steps.ts)
 *   /image              (parsed; image generation in a later issue)
 *   /node-app           also writes package.json and server.js: a Node server app (the app runtime runs it;
 *                       docs/app-runtime.md)
 *   /broken             the app throws an uncaught Error ("… broken on purpose …") when its page loads and logs one
 *                       console.error; it stays broken until a later prompt asks to fix it (`stillBroken`)
 */
/** The slowest `/pace` (ms per step). */
const MAX_PACE_MS = 2000;

export interface Directives {
  fail: boolean;
  slow: boolean;
  fast: boolean;
  /** Milliseconds per step asked for by `/pace <ms>`; null when not asked. */
  pace: number | null;
  web: string | null;
  /** Integration names asked for by `/integration` (without the `mcp:` items); null when not asked. */
  integrations: string[] | null;
  /** MCP presets asked for by `/integration mcp:Name`; null when not asked. */
  mcpPresets: string[] | null;
  script: string | null;
  mcp: boolean;
  image: boolean;
  broken: boolean;
  nodeApp: boolean;
}

export interface ParsedPrompt {
  /** The prompt without directives, whitespace collapsed. */
  text: string;
  directives: Directives;
}

function emptyDirectives(): Directives {
  return {
    fail: false,
    slow: false,
    fast: false,
    pace: null,
    web: null,
    integrations: null,
    mcpPresets: null,
    script: null,
    mcp: false,
    image: false,
    broken: false,
    nodeApp: false,
  };
}

export function parsePrompt(prompt: string): ParsedPrompt {
  const directives = emptyDirectives();
  const kept: string[] = [];
  for (const line of prompt.split("\n")) {
    const tokens = line.split(/\s+/).filter(Boolean);
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i]!;
      switch (token) {
        case "/fail":
          directives.fail = true;
          break;
        case "/slow":
          directives.slow = true;
          break;
        case "/fast":
          directives.fast = true;
          break;
        case "/pace": {
          const ms = Number(tokens[i + 1]);
          if (!Number.isFinite(ms)) {
            kept.push(token);
            break;
          }
          directives.pace = Math.min(Math.max(Math.round(ms), 0), MAX_PACE_MS);
          i++;
          break;
        }
        case "/mcp":
          directives.mcp = true;
          break;
        case "/image":
          directives.image = true;
          break;
        case "/broken":
          directives.broken = true;
          break;
        case "/node-app":
          directives.nodeApp = true;
          break;
        case "/integration": {
          const items = (tokens[++i] ?? "")
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean);
          const presets = items.filter((s) => /^mcp:./i.test(s)).map((s) => s.slice(4));
          directives.integrations = unique([
            ...(directives.integrations ?? []),
            ...items.filter((s) => !/^mcp:/i.test(s)),
          ]);
          directives.mcpPresets = unique([...(directives.mcpPresets ?? []), ...presets]);
          break;
        }
        case "/script":
          directives.script = tokens[++i] ?? null;
          break;
        case "/web":
          directives.web = tokens.slice(i + 1).join(" ") || null;
          i = tokens.length;
          break;
        default:
          kept.push(token);
      }
    }
  }
  return { text: kept.join(" "), directives };
}

/** Whether the prompt asks for integrations or MCP presets (the agent then blocks on them). */
export function asksForIntegrations(d: Directives): boolean {
  return (d.integrations?.length ?? 0) + (d.mcpPresets?.length ?? 0) > 0;
}

/**
 * Whether the app is broken after these prompts (oldest first): a `/broken` prompt breaks it, a later prompt that
 * asks to fix or repair something (as "Fix with agent" does) writes it whole again.
 */
export function stillBroken(prompts: readonly string[]): boolean {
  let broken = false;
  for (const prompt of prompts) {
    const parsed = parsePrompt(prompt);
    if (parsed.directives.broken) broken = true;
    else if (/\b(fix|fixes|fixing|repair)\b/i.test(parsed.text)) broken = false;
  }
  return broken;
}

const unique = (items: string[]) => [...new Set(items)];
