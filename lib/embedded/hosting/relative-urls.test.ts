import { describe, expect, it } from "vitest";
import { relativeRootUrls } from "./relative-urls";

/** A built site's root-absolute URLs of its own files made relative (it is served under …/hosting/{id}/). */
describe("relativeRootUrls", () => {
  const text = (files: ReturnType<typeof relativeRootUrls>, path: string) =>
    files.find((f) => f.path === path)!.content as string;

  it("rewrites a Vite page's script, module preload, style sheet and icon, and a style sheet's url()", () => {
    const files = relativeRootUrls([
      {
        path: "index.html",
        content:
          '<link rel="icon" href="/vite.svg"><script type="module" crossorigin src="/assets/index-a1.js"></script>' +
          "<link rel='modulepreload' href='/assets/chunk.js?v=1'><link rel=\"stylesheet\" href=\"/assets/index-b2.css#x\">" +
          '<a href="/">home</a><a href="/docs/">docs</a>',
      },
      { path: "docs/index.html", content: '<script src="/assets/index-a1.js"></script><a href="/">home</a>' },
      { path: "vite.svg", content: "<svg/>" },
      { path: "assets/index-a1.js", content: 'import("/assets/chunk.js")' },
      { path: "assets/chunk.js", content: "" },
      {
        path: "assets/index-b2.css",
        content: "@font-face{src:url(/assets/f.woff2) format('woff2')} a{background:url('/bg.png')}",
      },
      { path: "assets/f.woff2", content: new Uint8Array([0, 159, 146, 150]) },
      { path: "bg.png", content: new Uint8Array([137, 80]) },
    ]);
    expect(text(files, "index.html")).toBe(
      '<link rel="icon" href="./vite.svg"><script type="module" crossorigin src="./assets/index-a1.js"></script>' +
        "<link rel='modulepreload' href='./assets/chunk.js?v=1'><link rel=\"stylesheet\" href=\"./assets/index-b2.css#x\">" +
        '<a href="./">home</a><a href="./docs/">docs</a>',
    );
    expect(text(files, "docs/index.html")).toBe('<script src="../assets/index-a1.js"></script><a href="../">home</a>');
    expect(text(files, "assets/index-b2.css")).toBe(
      "@font-face{src:url(../assets/f.woff2) format('woff2')} a{background:url('../bg.png')}",
    );
    // Scripts are left as they are; binary files too.
    expect(text(files, "assets/index-a1.js")).toBe('import("/assets/chunk.js")');
  });

  it("leaves what is not a file of the output: other hosts, absolute URLs, server routes, data", () => {
    const page =
      '<script src="//cdn.example/x.js"></script><a href="https://example.com/assets/a.js">x</a>' +
      '<a href="/api/login">login</a><img src="data:image/png;base64,AA"><a href="/missing.js">m</a>';
    const [out] = relativeRootUrls([
      { path: "index.html", content: page },
      { path: "assets/a.js", content: "" },
    ]);
    expect(out!.content).toBe(page);
  });
});
