/**
 * The reporter as the browser runs it, in the served page (never on the server): reporter.ts puts it first in every
 * HTML page the preview and the hosting serve. This is its source; `npm run build:reporter`
 * (scripts/build-reporter.ts) minifies it into reporter-script.min.ts, which reporter.ts serves, and
 * reporter-script.test.ts fails when the two differ. It must stand alone: no imports, nothing from outside the
 * function.
 *
 * It tells the window that frames the page what goes wrong inside it, with `postMessage` (it never reads the parent):
 * uncaught errors, unhandled rejections, `console.error`/`warn`/`log`/`info`, failed loads of scripts, stylesheets and
 * images, and the page's navigation; a failed load of the page's own origin whose status the timing entry hides (the
 * sandboxed page has an opaque origin, so a no-cors response's status reads 0) is asked again with a HEAD request.
 * "Select element": the parent's `{ atelier: "preview-pick", pick }` (from the parent's window only) starts or ends a
 * pick mode where moving the pointer outlines the element under it, a click reports it (`picked`: tag, short selector,
 * first 80 characters of text, source) instead of reaching the app, and Esc ends it (`pick-cancelled`). Every message
 * is `{ atelier: "preview-report", kind, … }` with strings cut short here; the dashboard validates and caps them again
 * (lib/api/preview-report.ts: it trusts nothing a generated app can send).
 */
export function previewReporter(): void {
  const parent = window.parent;
  if (!parent || parent === window) return;

  /** The text of `value` cut to `max` characters (an ellipsis marks the cut). */
  const cut = (value: unknown, max: number): string => {
    const text = String(value == null ? "" : value);
    return text.length > max ? text.slice(0, max) + "\u2026" : text;
  };
  const send = (message: Record<string, unknown>) => {
    message.atelier = "preview-report";
    try {
      parent.postMessage(message, "*");
    } catch {
      // A message that cannot be cloned is dropped, never the page's own code.
    }
  };
  /** Console arguments as one line: errors by their stack, objects as JSON when they can be. */
  const joined = (values: ArrayLike<unknown>): string =>
    Array.prototype.map
      .call(values, (value: unknown) => {
        if (value instanceof Error) return value.stack || String(value);
        if (typeof value === "object") {
          try {
            return JSON.stringify(value);
          } catch {
            // A cycle: the string form below.
          }
        }
        return String(value);
      })
      .join(" ");

  addEventListener(
    "error",
    (event) => {
      const target = event.target as (HTMLElement & { src?: string; href?: string }) | null;
      if (target && target !== (window as unknown) && target.tagName) {
        const url = target.src || target.href || "";
        const tag = target.tagName.toLowerCase();
        const timing = performance.getEntriesByName(url)[0] as PerformanceResourceTiming | undefined;
        const failed = (status: number) => send({ kind: "load-failed", tag, url: cut(url, 2000), status });
        if (timing && timing.responseStatus) failed(timing.responseStatus);
        else if (url.indexOf(location.origin + "/") == 0)
          fetch(url, { method: "HEAD" }).then(
            (response) => failed(response.status),
            () => failed(0),
          );
        else failed(0);
        return;
      }
      send({
        kind: "error",
        message: cut(event.message, 2000),
        file: cut(event.filename, 2000),
        line: event.lineno | 0,
        column: event.colno | 0,
        stack: cut(event.error && event.error.stack, 4000),
      });
    },
    true,
  );
  addEventListener("unhandledrejection", (event) => {
    const reason = event.reason;
    send({
      kind: "rejection",
      message: cut(reason instanceof Error ? reason.message : joined([reason]), 2000),
      stack: cut(reason && reason.stack, 4000),
    });
  });
  (["error", "warn", "log", "info"] as const).forEach((level) => {
    const original = console[level];
    console[level] = (...args: unknown[]) => {
      send({ kind: "console", level, text: cut(joined(args), 2000) });
      return original.apply(console, args);
    };
  });

  // "Select element": picking, the outlined element and its own outline to give back.
  let picking = false;
  let outlined: HTMLElement | undefined;
  let outlineBefore = "";
  const root = document.documentElement;
  const outline = (element?: HTMLElement) => {
    if (outlined) outlined.style.outline = outlineBefore;
    outlined = element;
    if (element) {
      outlineBefore = element.style.outline;
      element.style.outline = "2px solid #2563eb";
    }
  };
  const endPicking = () => {
    picking = false;
    outline();
    root.style.cursor = "";
  };
  /** A short selector: up to three levels, each tag with its id (and stop), else two classes and its place among its kind. */
  const selectorOf = (start: Element): string => {
    const path: string[] = [];
    let element: Element | null = start;
    for (let depth = 0; element && element.tagName && depth < 3; depth++) {
      let step = element.tagName.toLowerCase();
      if (element.id) {
        path.unshift(step + "#" + CSS.escape(element.id));
        break;
      }
      const classes = (element.getAttribute("class") || "")
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .slice(0, 2)
        .map((name) => CSS.escape(name));
      if (classes.length) step += "." + classes.join(".");
      let place = 1;
      for (let sibling = element.previousElementSibling; sibling; sibling = sibling.previousElementSibling)
        if (sibling.tagName == element.tagName) place++;
      if (place > 1) step += ":nth-of-type(" + place + ")";
      path.unshift(step);
      if (element.tagName == "BODY") break;
      element = element.parentElement;
    }
    return path.join(" > ");
  };
  addEventListener("message", (event) => {
    const data = event.data;
    if (event.source !== parent || !data || data.atelier !== "preview-pick") return;
    if (data.pick) {
      picking = true;
      root.style.cursor = "crosshair";
    } else endPicking();
  });
  addEventListener(
    "mousemove",
    (event) => {
      if (picking && event.target !== outlined) outline(event.target as HTMLElement);
    },
    true,
  );
  addEventListener(
    "click",
    (event) => {
      if (!picking) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      const target = event.target as HTMLElement;
      const source = target.closest("[data-source]");
      endPicking();
      send({
        kind: "picked",
        tag: target.tagName.toLowerCase(),
        selector: cut(selectorOf(target), 500),
        text: (target.innerText || target.textContent || "").replace(/\s+/g, " ").trim().slice(0, 80),
        file: cut(source ? source.getAttribute("data-source") : location.href, 2000),
      });
    },
    true,
  );
  addEventListener(
    "keydown",
    (event) => {
      if (picking && event.key == "Escape") {
        endPicking();
        send({ kind: "pick-cancelled" });
      }
    },
    true,
  );

  const navigated = () => send({ kind: "navigation", url: cut(location.href, 2000) });
  navigated();
  addEventListener("hashchange", navigated);
  addEventListener("popstate", navigated);
}
