// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Part } from "@/lib/api/schemas";
import { parseAnsi, stripAnsi } from "./ansi";
import { FOLD_LINES } from "./bash-part";
import { PartView } from "./part-view";

afterEach(cleanup);

const ESC = "\u001b";

describe("parseAnsi", () => {
  it("turns SGR codes into styled segments and drops every other sequence", () => {
    const segments = parseAnsi(
      `${ESC}[1;32mok${ESC}[0m plain ${ESC}[2K${ESC}[31mred${ESC}[39m ${ESC}]0;title\u0007done\u0000`,
    );
    expect(segments).toEqual([
      { text: "ok", bold: true, fg: "text-green-400" },
      { text: " plain " },
      { text: "red", fg: "text-red-400" },
      { text: " done" },
    ]);
  });

  it("supports 256 and true colours as rgb() values built from numbers only", () => {
    expect(parseAnsi(`${ESC}[38;5;196mx${ESC}[38;2;1;2;250my${ESC}[48;5;3mz`)).toEqual([
      { text: "x", fg: "rgb(255, 0, 0)" },
      { text: "y", fg: "rgb(1, 2, 250)" },
      { text: "z", fg: "rgb(1, 2, 250)", bg: "bg-yellow-900" },
    ]);
    // An out-of-range true colour is ignored: the previous colour stays.
    expect(parseAnsi(`${ESC}[31mx${ESC}[38;2;1;2;300my`)).toEqual([{ text: "xy", fg: "text-red-400" }]);
  });

  it("keeps only the last write of a line rewritten with carriage returns", () => {
    expect(stripAnsi("10%\r50%\r100%\r\nnext")).toBe("100%\nnext");
  });

  it("strips OSC 8 hyperlinks, keeping their text", () => {
    expect(stripAnsi(`${ESC}]8;;javascript:alert(1)${ESC}\\click${ESC}]8;;${ESC}\\`)).toBe("click");
  });
});

describe("BashPartView", () => {
  const bash = (over: Record<string, unknown> = {}) => ({ type: "bash", command: "npm run build", ...over }) as Part;

  it("renders ANSI colours as styled spans, never escape bytes or markup", () => {
    const { container } = render(
      <PartView
        part={bash({
          output: `${ESC}[32m✓${ESC}[39m built <b>3</b> files\n${ESC}]8;;https://x${ESC}\\link${ESC}]8;;${ESC}\\`,
        })}
      />,
    );
    const output = screen.getByTestId("bash-output");
    expect(output.textContent).toBe("✓ built <b>3</b> files\nlink");
    expect(output.querySelector("span.text-green-400")).toHaveTextContent("✓");
    expect(container.querySelector("b, a")).toBeNull();
  });

  it("shows the exit code, the dangerous badge and the timeout", () => {
    render(
      <PartView
        part={bash({ command: "rm -rf dist", output: "x", exitCode: 2, isDangerous: true, timeoutMs: 90_000 })}
      />,
    );
    const part = screen.getByTestId("part");
    expect(part).toHaveTextContent("dangerous, needed approval");
    expect(part).toHaveTextContent("exit 2");
    expect(part).toHaveTextContent("timeout 1 min 30 s");
    expect(screen.getByTestId("bash-command")).toHaveTextContent("$ rm -rf dist");
  });

  it("omits the badges when the fields are absent", () => {
    render(<PartView part={bash({ output: "ok", exitCode: null, isDangerous: false })} />);
    const part = screen.getByTestId("part");
    expect(part).not.toHaveTextContent("dangerous");
    expect(part).not.toHaveTextContent("exit");
    expect(part).not.toHaveTextContent("timeout");
  });

  it("folds a huge output to its last lines and shows all on demand", () => {
    const lines = Array.from({ length: 100_000 }, (_, i) => `${ESC}[2mline ${i + 1}${ESC}[22m`);
    render(<PartView part={bash({ output: lines.join("\n"), exitCode: 0 })} />);
    const output = screen.getByTestId("bash-output");
    expect(output.textContent!.split("\n")).toHaveLength(FOLD_LINES);
    expect(output).toHaveTextContent("line 100000");
    expect(output).not.toHaveTextContent("line 99960 ");
    expect(screen.getByTestId("part")).toHaveTextContent(
      `${(100_000 - FOLD_LINES).toLocaleString("en-US")} earlier lines hidden`,
    );

    const toggle = screen.getByRole("button", { name: "Show all 100,000 lines" });
    fireEvent.click(toggle);
    const all = screen.getByTestId("bash-output");
    expect(all.textContent!.split("\n")).toHaveLength(100_000);
    expect(all.textContent).not.toContain(ESC);
    expect(toggle).toHaveTextContent("Fold output");
    fireEvent.click(toggle);
    expect(screen.getByTestId("bash-output").textContent!.split("\n")).toHaveLength(FOLD_LINES);
  });

  it("folds one enormous line too", () => {
    render(<PartView part={bash({ output: "x".repeat(2_000_000) })} />);
    expect(screen.getByTestId("bash-output").textContent!.length).toBeLessThanOrEqual(8_000);
    expect(screen.getByTestId("part")).toHaveTextContent("the start of a 2,000,000-character output is hidden");
  });

  it("does not fold a short output", () => {
    render(<PartView part={bash({ output: "a\nb\nc\n" })} />);
    expect(screen.queryByRole("button", { name: /Show all/ })).toBeNull();
    expect(screen.getByTestId("bash-output").textContent).toBe("a\nb\nc\n");
  });
});
