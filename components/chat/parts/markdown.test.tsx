// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Markdown } from "./markdown";

afterEach(cleanup);

describe("Markdown", () => {
  it("drops raw HTML (script, style, iframe, event handlers) and keeps the text around it", () => {
    const { container } = render(
      <Markdown
        text={
          'before <script>alert(1)</script> <iframe src="https://x"></iframe> <style>*{display:none}</style> <div onclick="x()">div</div> <a href="https://ok">raw a</a> after'
        }
      />,
    );
    expect(container.querySelector("script, iframe, style, div[onclick], a")).toBeNull();
    expect(container).toHaveTextContent("before");
    expect(container).toHaveTextContent("after");
  });

  it("only links http, https and mailto, in a new tab without opener or referrer", () => {
    const { container } = render(
      <Markdown
        text={[
          "[js](javascript:alert(1)) [JS](JAVASCRIPT:alert(1)) [spaced]( javascript:alert(1)) [data](data:text/html,<script>alert(1)</script>)",
          "[vb](vbscript:msgbox) [file](file:///etc/passwd) [rel](/admin) [frag](#x)",
          "[web](https://example.com/a?b=1) [plain](http://example.com) [mail](mailto:a@example.com) <https://auto.example>",
          "www.example.org",
        ].join("\n\n")}
      />,
    );
    const links = [...container.querySelectorAll("a")];
    expect(links.map((a) => a.getAttribute("href"))).toEqual([
      "https://example.com/a?b=1",
      "http://example.com",
      "mailto:a@example.com",
      "https://auto.example",
      "http://www.example.org",
    ]);
    for (const a of links) {
      expect(a).toHaveAttribute("target", "_blank");
      expect(a).toHaveAttribute("rel", "noopener noreferrer");
    }
    for (const text of ["js", "JS", "data", "vb", "file", "rel", "frag"])
      expect(screen.getByText(text).tagName).toBe("SPAN");
  });

  it("renders GFM tables, lists and strikethrough", () => {
    const { container } = render(
      <Markdown text={"| File | Change |\n|---|:-:|\n| `a.js` | created |\n\n1. one\n2. two\n\n~~old~~"} />,
    );
    expect(container.querySelectorAll("th")).toHaveLength(2);
    expect(container.querySelector("td code")).toHaveTextContent("a.js");
    expect(container.querySelectorAll("ol > li")).toHaveLength(2);
    expect(container.querySelector("del")).toHaveTextContent("old");
  });

  it("shows a code fence as plain text first, then highlighted with shiki (text never interpreted)", async () => {
    const code = 'const x = "<script>alert(1)</script>";\nconsole.log(x);';
    const { container } = render(<Markdown text={"```js\n" + code + "\n```"} />);
    const block = screen.getByTestId("code-block");
    expect(block).toHaveAttribute("data-lang", "js");
    expect(block.querySelector("code")!.textContent).toBe(code);
    await waitFor(() => expect(block).toHaveAttribute("data-highlighted", "true"), { timeout: 10_000 });
    expect(block.querySelector("code")!.textContent).toBe(code);
    const colored = [...block.querySelectorAll<HTMLElement>("code span span")].filter((s) =>
      s.style.getPropertyValue("--shiki-light"),
    );
    expect(colored.length).toBeGreaterThan(3);
    expect(colored.every((s) => /^#[0-9a-f]{3,8}$/i.test(s.style.getPropertyValue("--shiki-dark")))).toBe(true);
    expect(container.querySelector("script")).toBeNull();
  });

  it("leaves a fence in an unknown language plain, and inline code inline", async () => {
    render(<Markdown text={"```brainfuck\n+++.\n```\n\nsay `hi`"} />);
    const block = screen.getByTestId("code-block");
    expect(block.querySelector("code")!.textContent).toBe("+++.");
    await new Promise((r) => setTimeout(r, 50));
    expect(block).toHaveAttribute("data-highlighted", "false");
    expect(screen.getByText("hi").tagName).toBe("CODE");
  });
});
