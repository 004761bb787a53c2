import { describe, expect, test } from "vitest";
import { KnownPart } from "@/lib/api";
import { parsePrompt } from "./directives";
import { buildScript, chunkText, projectKind, type ScriptContext, type Step } from "./script";
import { generateTitle } from "../generation/title";
import { computeUsage, effectiveModel } from "../generation/usage";
import { buildWebApp, escapeHtml, featuresOf } from "./webapp";

const ctx = (prompt: string, over: Partial<ScriptContext> = {}): ScriptContext => ({
  prompt: parsePrompt(prompt),
  chatTitle: null,
  earlierRequests: [],
  files: [],
  ...over,
});
/** The app's files as the agent wrote them for a first request (the agent rewrites only its own files). */
const appFiles = (title: string, request: string, locked: string[] = []) =>
  buildWebApp({ title, requests: [request] }).map((f) => ({
    path: f.path,
    content: f.content,
    locked: locked.includes(f.path),
  }));
const partsOf = (steps: Step[]) => steps.flatMap((s) => (s.kind === "part" ? [s.part] : []));

describe("directives", () => {
  test("are taken out of the prompt", () => {
    expect(parsePrompt("Build a shop /fail")).toEqual({
      text: "Build a shop",
      directives: {
        fail: true,
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
      },
    });
    const p = parsePrompt(
      "/slow /fast /integration Stripe,Neon a store\n/web best color palettes 2025\n/script scripts/seed.ts then /mcp /image /broken /node-app",
    );
    expect(p.text).toBe("a store then");
    expect(p.directives).toEqual({
      fail: false,
      slow: true,
      fast: true,
      pace: null,
      web: "best color palettes 2025",
      integrations: ["Stripe", "Neon"],
      mcpPresets: [],
      script: "scripts/seed.ts",
      mcp: true,
      image: true,
      broken: true,
      nodeApp: true,
    });
  });

  test("/pace <ms> paces each step (clamped to 0–2000); without a number it stays text", () => {
    expect(parsePrompt("a clock /pace 300").directives.pace).toBe(300);
    expect(parsePrompt("a clock /pace 99999").directives.pace).toBe(2000);
    expect(parsePrompt("a clock /pace -5").directives.pace).toBe(0);
    const loose = parsePrompt("a clock /pace soon");
    expect(loose.directives.pace).toBeNull();
    expect(loose.text).toBe("a clock /pace soon");
  });

  test("/integration items with mcp: are MCP presets", () => {
    const d = parsePrompt("a tracker /integration Neon,mcp:Linear,mcp:Sentry").directives;
    expect(d.integrations).toEqual(["Neon"]);
    expect(d.mcpPresets).toEqual(["Linear", "Sentry"]);
    expect(parsePrompt("x /integration mcp:Linear").directives).toMatchObject({
      integrations: [],
      mcpPresets: ["Linear"],
    });
  });

  test("only whole words count; other slashes stay", () => {
    expect(parsePrompt("use /failover and a/fail path /unknown").text).toBe("use /failover and a/fail path /unknown");
    expect(parsePrompt("use /failover").directives.fail).toBe(false);
  });
});

describe("title", () => {
  test("is short and taken from the prompt", () => {
    expect(generateTitle("Build a todo app with dark mode and due dates")).toBe("Todo app");
    expect(generateTitle("Please create a landing page for my bakery")).toBe("Landing page for my bakery");
    expect(generateTitle("make me a calculator.")).toBe("Calculator");
    expect(generateTitle("")).toBe("Small web app");
    expect(generateTitle("word ".repeat(40)).split(" ").length).toBeLessThanOrEqual(7);
    expect(generateTitle("x".repeat(200)).length).toBeLessThanOrEqual(60);
  });
});

describe("script", () => {
  test("a plain prompt: title, then the eight part kinds in order, each part valid", () => {
    const steps = buildScript(ctx("Build a todo app with dark mode"));
    expect(steps[0]).toEqual({ kind: "title", title: "Todo app" });
    const parts = partsOf(steps);
    expect(parts.map((p) => p.type)).toEqual([
      "thinking",
      "search",
      "file-read",
      "agent-action",
      "file-edit",
      "file-edit",
      "file-edit",
      "tool-call",
      "bash",
      "text",
    ]);
    for (const part of parts) expect(KnownPart.safeParse(part).success).toBe(true);
    const edits = steps.filter((s) => s.kind === "part" && s.part.type === "file-edit");
    expect(edits.map((s) => s.kind === "part" && s.write?.path)).toEqual(["index.html", "styles.css", "app.js"]);
    expect(parts.find((p) => p.type === "agent-action")).toMatchObject({
      name: "plan",
      summary: expect.any(String),
      data: { plan: expect.any(String), path: ".atelier/plan.md" },
    });
  });

  test("is deterministic for a prompt and chat state", () => {
    expect(buildScript(ctx("A counter"))).toEqual(buildScript(ctx("A counter")));
    expect(buildScript(ctx("A counter"))).not.toEqual(buildScript(ctx("A timer")));
  });

  test("text and thinking stream in chunks that join to the text", () => {
    for (const step of buildScript(ctx("A counter"))) {
      if (step.kind !== "part" || (step.part.type !== "text" && step.part.type !== "thinking")) continue;
      expect(step.chunks!.length).toBeGreaterThanOrEqual(4);
      expect(step.chunks!.join("")).toBe(step.part.text);
    }
    expect(chunkText("", 6)).toEqual([""]);
  });

  test("a follow-up keeps the title, reads the files and updates them; locked files are left alone", () => {
    const files = appFiles("Counter", "A counter", ["index.html"]).sort((a, b) => a.path.localeCompare(b.path));
    const steps = buildScript(ctx("Add a footer", { chatTitle: "Counter", earlierRequests: ["A counter"], files }));
    expect(steps.some((s) => s.kind === "title")).toBe(false);
    const parts = partsOf(steps);
    expect(parts.find((p) => p.type === "file-read")).toMatchObject({ paths: ["app.js", "index.html", "styles.css"] });
    expect(parts.filter((p) => p.type === "file-edit")).toEqual([
      { type: "file-edit", operation: "update", path: "styles.css" },
      { type: "file-edit", operation: "update", path: "app.js" },
    ]);
    expect((parts.at(-1) as { text: string }).text).toContain(
      "Skipped `index.html`: it is locked, so I left it unchanged.",
    );
  });

  test("an imported project (files the agent did not write) is built on, never overwritten by the app", () => {
    const files = [
      { path: "index.html", content: "<h1>Harbour tours</h1>\n", locked: false },
      { path: "css/main.css", content: "body { color: navy; }\n", locked: false },
      { path: "data.json", content: "{}", locked: false },
    ];
    const writes = (steps: Step[]) => steps.flatMap((s) => (s.kind === "part" && s.write ? [s.write] : []));

    // A request naming no file updates the entry file with a note of the request; nothing else is written.
    const general = buildScript(ctx("Add a footer", { chatTitle: "Harbour tours", files }));
    expect(writes(general)).toEqual([
      {
        path: "index.html",
        content: "<h1>Harbour tours</h1>\n<!-- Updated for: Add a footer -->\n",
        encoding: undefined,
      },
    ]);
    expect(partsOf(general)[0]).toMatchObject({
      type: "thinking",
      text: expect.stringContaining("This project was imported"),
    });
    expect((partsOf(general).at(-1) as { text: string }).text).toContain("I updated your imported project");
    expect(partsOf(general).find((p) => p.type === "tool-call")).toMatchObject({ input: { files: ["index.html"] } });

    // A request naming a file updates that one only.
    const named = buildScript(ctx("Give css/main.css a footer style", { chatTitle: "Harbour tours", files }));
    expect(writes(named).map((w) => w.path)).toEqual(["css/main.css"]);

    // A locked entry file is skipped and said so.
    const locked = buildScript(
      ctx("Add a footer", {
        chatTitle: "Harbour tours",
        files: files.map((f) => ({ ...f, locked: f.path === "index.html" })),
      }),
    );
    expect(writes(locked)).toEqual([]);
    expect((partsOf(locked).at(-1) as { text: string }).text).toContain("Skipped `index.html`: it is locked");

    // Without an index page, a README is the entry; files that cannot hold a note are only read.
    const readme = [
      { path: "src/app.ts", content: "export {};\n", locked: false },
      { path: "README.md", content: "# Tours\n", locked: false },
    ];
    expect(writes(buildScript(ctx("Add a footer", { chatTitle: "T", files: readme }))).map((w) => w.path)).toEqual([
      "README.md",
    ]);
    expect(writes(buildScript(ctx("Add a footer", { chatTitle: "T", files: [files[2]!] })))).toEqual([]);

    // Once the agent's own app is there, it is rewritten as before.
    expect(projectKind(appFiles("T", "A list"))).toBe("app");
    expect(projectKind([])).toBe("new");
    expect(projectKind(files)).toBe("imported");
  });

  test("/fail stops after the file read; /web searches the web", () => {
    const failing = buildScript(ctx("A shop /fail"));
    expect(failing.at(-1)).toMatchObject({ kind: "fail", code: "scripted_failure" });
    expect(partsOf(failing).map((p) => p.type)).toEqual(["thinking", "search", "file-read"]);
    expect(partsOf(buildScript(ctx("A shop /web shop layouts")))[1]).toEqual({
      type: "search",
      scope: "web",
      query: "shop layouts",
    });
  });
});

describe("web app", () => {
  test("escapes the prompt in HTML and keeps scripts inert", () => {
    const evil = `</script><img src=x onerror=alert(1)> "&'`;
    const files = buildWebApp({ title: evil, requests: [evil] });
    const html = files.find((f) => f.path === "index.html")!.content;
    expect(html).not.toContain("<img");
    expect(html).toContain(escapeHtml(evil));
    const js = files.find((f) => f.path === "app.js")!.content;
    expect(js).not.toContain("</script>");
    expect(js).not.toContain("<img");
  });

  test("a long chat: the change log lists the last requests and counts the earlier ones", () => {
    const html = buildWebApp({ title: "T", requests: ["Add tags", "Add a footer"], earlier: 4998 })[0]!.content;
    expect(html).toContain("4998 earlier requests");
    expect(html).toContain('<span class="step">4999</span> Add tags');
    expect(html).toContain('<span class="step">5000</span> Add a footer');
    const steps = buildScript(
      ctx("Add a footer", {
        chatTitle: "T",
        earlierRequests: ["Add tags"],
        forgottenRequests: 4998,
        files: appFiles("T", "Add tags"),
      }),
    );
    expect((partsOf(steps)[0] as { text: string }).text).toContain("(request 5000)");
  });

  test("features shape the starter items", () => {
    expect(featuresOf("a todo app with dark mode, tags and due dates")).toEqual(["dark mode", "tags", "due dates"]);
    expect(buildWebApp({ title: "T", requests: ["a list with tags"] })[2]!.content).toContain('["tags"]');
  });
});

describe("usage", () => {
  test("has all five token fields, total is their sum, and svc-auto is svc-pro", () => {
    const u = computeUsage({
      model: effectiveModel("svc-auto"),
      promptChars: 100,
      historyChars: 400,
      outputChars: 4000,
    });
    expect(u.model).toBe("svc-pro");
    const t = u.tokens;
    expect(t.total).toBe(t.input + t.output + t.cacheRead + t.cacheWrite);
    expect(t.output).toBe(1000);
    expect(u.creditsCost.total).toBeCloseTo(
      u.creditsCost.input + u.creditsCost.output + u.creditsCost.cacheRead + u.creditsCost.cacheWrite,
      6,
    );
    expect(effectiveModel(undefined)).toBe("svc-pro");
    expect(effectiveModel("svc-mini")).toBe("svc-mini");
  });
});

describe("script content", () => {
  const textOf = (steps: Step[]) => (partsOf(steps).at(-1) as { text: string }).text;

  test("the summary is multi-paragraph Markdown with a GFM table and a code fence", () => {
    const text = textOf(buildScript(ctx("Build a todo app with tags and due dates")));
    expect(text.split(/\n\n+/).length).toBeGreaterThanOrEqual(5);
    expect(text).toMatch(/^\| File \| Change \| What it holds \|\n\|---\|---\|---\|$/m);
    expect(text).toMatch(/^```js\nvar STORAGE_KEY = .*\nvar STARTER = \["tags","due dates"\];\n```$/m);
  });

  test("a code fence is longer than any backtick run in the prompt's text", () => {
    const text = textOf(buildScript(ctx("A list with ```evil``` fences")));
    expect(text).toMatch(/^````js$/m);
  });

  test("/slow makes the build output several hundred lines long (with ANSI colours)", () => {
    const bash = partsOf(buildScript(ctx("A counter /slow"))).find((p) => p.type === "bash") as {
      command: string;
      output: string;
    };
    expect(bash.command).toBe("npm run build -- --verbose");
    expect(bash.output.split("\n").length).toBeGreaterThan(300);
    expect(bash.output).toContain("\u001b[32m");
  });

  test("the project check is a tool-call with structured input and output", () => {
    const tool = partsOf(buildScript(ctx("A counter"))).find((p) => p.type === "tool-call");
    expect(tool).toMatchObject({
      name: "check_project",
      status: "ok",
      input: { files: ["index.html", "styles.css", "app.js"], rules: expect.any(Array) },
      output: {
        ok: true,
        checkedFiles: 3,
        problems: [],
        files: expect.any(Array),
        totals: { lines: expect.any(Number) },
      },
    });
  });

  test("/integration: thinking, search, file-read, a text, then the request (blocks); no files written", () => {
    const steps = buildScript(ctx("A store /integration Stripe,mcp:Linear"));
    expect(steps.at(-1)).toEqual({
      kind: "block",
      part: {
        type: "agent-action",
        name: "get_or_request_integration",
        summary: "Requested Stripe, Linear",
        data: { requestedIntegrations: ["Stripe"], requestedMcpPresets: ["Linear"], status: "pending" },
      },
    });
    expect(partsOf(steps).map((p) => p.type)).toEqual(["thinking", "search", "file-read", "text"]);
    expect(steps.some((s) => s.kind === "part" && s.write)).toBe(false);
  });

  test("/script: the build, a text, then the permission request (blocks)", () => {
    const steps = buildScript(ctx("A shop /script scripts/seed.ts"));
    const last = steps.at(-1)!;
    expect(last.kind).toBe("block");
    expect(last.kind === "block" && last.part).toMatchObject({
      type: "tool-call",
      name: "run_script",
      suggestedPermissions: [{ toolName: "run_script" }],
    });
    expect(
      partsOf(steps)
        .map((p) => p.type)
        .slice(-2),
    ).toEqual(["bash", "text"]);
  });

  test("a resume after integrations builds without searching again; after permissions it runs the script", () => {
    const resumed = partsOf(
      buildScript(
        ctx("A store /integration Stripe", {
          chatTitle: "Store",
          resume: { kind: "integrations", connected: ["Stripe"], missing: [] },
        }),
      ),
    );
    expect(resumed.map((p) => p.type)).toEqual([
      "thinking",
      "agent-action",
      "file-edit",
      "file-edit",
      "file-edit",
      "tool-call",
      "bash",
      "text",
    ]);
    const ran = partsOf(
      buildScript(
        ctx("A shop /script a.py", {
          chatTitle: "Shop",
          resume: { kind: "permissions", path: "a.py", command: "python3 a.py" },
        }),
      ),
    );
    expect(ran.map((p) => p.type)).toEqual(["thinking", "bash", "text"]);
    expect(ran[1]).toMatchObject({ command: "python3 a.py", isDangerous: true });
  });
});
