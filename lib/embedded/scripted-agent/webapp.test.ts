// @vitest-environment jsdom
import { describe, expect, test } from "vitest";
import { buildWebApp } from "./webapp";

/** The generated app works: its script renders the starter items and adds, toggles and removes items. */
describe("generated web app", () => {
  test("runs in a browser-like DOM", () => {
    const files = buildWebApp({ title: "Todo app", requests: ["a todo app with tags and due dates"] });
    const html = files.find((f) => f.path === "index.html")!.content;
    const js = files.find((f) => f.path === "app.js")!.content;
    document.documentElement.innerHTML = new DOMParser().parseFromString(html, "text/html").documentElement.innerHTML;
    new Function(js)();

    const items = () => [...document.querySelectorAll("#items li span")].map((s) => s.textContent);
    expect(document.querySelector("h1")!.textContent).toBe("Todo app");
    expect(items()).toEqual(["tags", "due dates"]);
    expect(document.getElementById("count")!.textContent).toBe("(0 of 2 done)");

    (document.getElementById("new-item") as HTMLInputElement).value = "  buy milk ";
    document.getElementById("add-form")!.dispatchEvent(new Event("submit", { cancelable: true }));
    expect(items()).toEqual(["tags", "due dates", "buy milk"]);

    const box = document.querySelector<HTMLInputElement>("#items li input")!;
    box.checked = true;
    box.dispatchEvent(new Event("change"));
    expect(document.getElementById("count")!.textContent).toBe("(1 of 3 done)");

    document.querySelector<HTMLButtonElement>("#items li button")!.click();
    expect(items()).toEqual(["due dates", "buy milk"]);
  });
});
