import { runInNewContext } from "node:vm";
import { describe, expect, test } from "vitest";
import { PreviewReport } from "@/lib/api/preview-report";
import { minifyReporter } from "@/scripts/reporter-minify";
import { REPORTER_MINIFIED } from "./reporter-script.min";
import { REPORTER_SOURCE } from "./reporter";

test("the served script is the minification of its source (npm run build:reporter after changing it)", async () => {
  expect(REPORTER_MINIFIED, "reporter-script.min.ts is stale: run `npm run build:reporter`").toBe(
    await minifyReporter(),
  );
  expect(REPORTER_SOURCE).toBe(REPORTER_MINIFIED);
  expect(REPORTER_SOURCE).not.toContain("\n");
});

/** A stand-in element: what the reporter reads of one (tag, id, classes, siblings, parent, text, outline). */
interface FakeElement {
  tagName: string;
  id: string;
  src?: string;
  style: { outline: string };
  innerText: string;
  textContent: string;
  previousElementSibling: FakeElement | null;
  parentElement: FakeElement | null;
  getAttribute: (name: string) => string | null;
  closest: (selector: string) => FakeElement | null;
}

function element(
  tag: string,
  opts: { id?: string; className?: string; parent?: FakeElement; after?: FakeElement; text?: string } = {},
): FakeElement {
  const el: FakeElement = {
    tagName: tag.toUpperCase(),
    id: opts.id ?? "",
    style: { outline: "" },
    innerText: opts.text ?? "",
    textContent: opts.text ?? "",
    previousElementSibling: opts.after ?? null,
    parentElement: opts.parent ?? null,
    getAttribute: (name) => (name === "class" ? (opts.className ?? null) : null),
    closest: () => null,
  };
  return el;
}

/**
 * The minified reporter run in a page of its own (a fresh global: `window`, its parent, listeners, `fetch`, the
 * console, timing entries), as the served page runs it: what it posts to the parent, what it fetches.
 */
function runReporter(opts: { responseStatus?: number } = {}) {
  const posted: Record<string, unknown>[] = [];
  const fetched: Array<{ url: string; method: string | undefined }> = [];
  const listeners = new Map<string, Array<(event: unknown) => void>>();
  const parent = { postMessage: (message: Record<string, unknown>) => posted.push(structuredClone(message)) };
  const page: Record<string, unknown> = {
    parent,
    location: { origin: "http://app.preview.test", href: "http://app.preview.test/" },
    document: { documentElement: { style: { cursor: "" } } },
    CSS: { escape: (s: string) => s.replace(/[^\w-]/g, (c) => `\\${c}`) },
    performance: {
      getEntriesByName: () => (opts.responseStatus ? [{ responseStatus: opts.responseStatus }] : []),
    },
    console: { error: () => {}, warn: () => {}, log: () => {}, info: () => {} },
    fetch: (url: string, init?: { method?: string }) => {
      fetched.push({ url, method: init?.method });
      return Promise.resolve({ status: 404 });
    },
    addEventListener: (type: string, listener: (event: unknown) => void) => {
      listeners.set(type, [...(listeners.get(type) ?? []), listener]);
    },
  };
  page.window = page;
  runInNewContext(REPORTER_SOURCE, page);
  const dispatch = (type: string, event: Record<string, unknown>) => {
    for (const listener of listeners.get(type) ?? []) listener(event);
  };
  return { page, parent, posted, fetched, dispatch };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the reporter, run as a page runs it", () => {
  test("reports its navigation at once, and errors, rejections and console calls as the dashboard's schema reads them", async () => {
    const { page, posted, dispatch } = runReporter();
    expect(posted).toEqual([{ atelier: "preview-report", kind: "navigation", url: "http://app.preview.test/" }]);
    const error = new Error("boom");
    dispatch("error", {
      target: page,
      message: "Uncaught Error: boom",
      filename: "app.js",
      lineno: 3,
      colno: 7,
      error,
    });
    dispatch("unhandledrejection", { reason: new Error("nope") });
    (page.console as { warn: (...args: unknown[]) => void }).warn("careful", { n: 1 });
    (page.console as { error: (...args: unknown[]) => void }).error("x".repeat(5000));
    expect(posted.slice(1).map((m) => m.kind)).toEqual(["error", "rejection", "console", "console"]);
    expect(posted[1]).toMatchObject({ message: "Uncaught Error: boom", file: "app.js", line: 3, column: 7 });
    expect(posted[3]).toMatchObject({ level: "warn", text: 'careful {"n":1}' });
    // Strings are cut short here (an ellipsis marks the cut), so the dashboard never refuses a message whole.
    expect(String(posted[4]!.text)).toHaveLength(2001);
    expect(String(posted[4]!.text).endsWith("\u2026")).toBe(true);
    for (const message of posted) expect(PreviewReport.safeParse(message).success, JSON.stringify(message)).toBe(true);
  });

  test("a failed load: the timing entry's status, else its own origin's URLs asked again with HEAD, never another's", async () => {
    const known = runReporter({ responseStatus: 500 });
    known.dispatch("error", { target: { tagName: "SCRIPT", src: "http://app.preview.test/app.js" } });
    expect(known.posted.at(-1)).toMatchObject({ kind: "load-failed", tag: "script", status: 500 });
    expect(known.fetched).toEqual([]);

    const hidden = runReporter();
    hidden.dispatch("error", { target: { tagName: "IMG", src: "http://app.preview.test/missing.png" } });
    await settle();
    expect(hidden.fetched).toEqual([{ url: "http://app.preview.test/missing.png", method: "HEAD" }]);
    expect(hidden.posted.at(-1)).toMatchObject({ kind: "load-failed", tag: "img", status: 404 });

    // Another origin, or one that only starts like ours: not asked (status 0).
    for (const src of ["https://cdn.example/x.js", "http://app.preview.test.evil.example/x.js"]) {
      hidden.dispatch("error", { target: { tagName: "SCRIPT", src } });
    }
    await settle();
    expect(hidden.fetched).toHaveLength(1);
    expect(hidden.posted.slice(-2)).toMatchObject([{ status: 0 }, { status: 0 }]);
  });

  test("'Select element' listens to its parent only; a click reports a short selector instead of reaching the app", () => {
    const { parent, posted, dispatch } = runReporter();
    const body = element("body");
    const list = element("ul", { parent: body, className: "list  main\textra" });
    const first = element("li", { parent: list });
    const item = element("li", { parent: list, after: first, className: "item", text: "  Buy\n  bread " });
    const click = () => {
      let prevented = false;
      dispatch("click", {
        target: item,
        preventDefault: () => (prevented = true),
        stopImmediatePropagation: () => {},
      });
      return prevented;
    };

    // From another window (the app's own frame, say): ignored.
    dispatch("message", { source: {}, data: { atelier: "preview-pick", pick: true } });
    expect(click()).toBe(false);

    dispatch("message", { source: parent, data: { atelier: "preview-pick", pick: true } });
    dispatch("mousemove", { target: item });
    expect(item.style.outline).toBe("2px solid #2563eb");
    expect(click()).toBe(true);
    expect(item.style.outline).toBe("");
    expect(posted.at(-1)).toEqual({
      atelier: "preview-report",
      kind: "picked",
      tag: "li",
      // Classes split on any white space, two at most; the place among its kind.
      selector: "body > ul.list.main > li.item:nth-of-type(2)",
      text: "Buy bread",
      file: "http://app.preview.test/",
    });
    expect(PreviewReport.safeParse(posted.at(-1)).success).toBe(true);
    // Picking ended with the click; Esc in pick mode cancels.
    expect(click()).toBe(false);
    dispatch("message", { source: parent, data: { atelier: "preview-pick", pick: true } });
    dispatch("keydown", { key: "Escape" });
    expect(posted.at(-1)).toEqual({ atelier: "preview-report", kind: "pick-cancelled" });
  });

  test("does nothing in a page that is not framed", () => {
    const posted: unknown[] = [];
    const page: Record<string, unknown> = { addEventListener: () => posted.push("listener") };
    page.window = page;
    page.parent = page;
    runInNewContext(REPORTER_SOURCE, page);
    expect(posted).toEqual([]);
  });
});
