// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { createServiceClient } from "@/lib/api/client";

import { sampleChat } from "@/lib/api/testing/fixtures";
import type { EmbeddedService } from "@/lib/embedded/service";
import { BASE, TEST_KEY, call, startService, serviceClientV1 } from "@/lib/embedded/test-support";
import { ServiceClientsProvider } from "@/lib/hooks/service-clients";
import { QuickSwitcherDialog } from "./quick-switcher";
import { matchScore, switcherItems, type SwitcherItem } from "./quick-switcher-items";

afterEach(cleanup);

describe("switcher items", () => {
  test("match scores: start of title beats start of a word beats inside a word; every term must occur", () => {
    expect(matchScore("Weather dashboard", "wea")).toBe(3);
    expect(matchScore("Weather dashboard", "dash")).toBe(2);
    expect(matchScore("Weather dashboard", "board")).toBe(1);
    expect(matchScore("Weather dashboard", "weather dash")).toBe(2);
    expect(matchScore("Weather dashboard", "weather todo")).toBe(0);
    expect(matchScore("Weather dashboard", "  ")).toBe(1);
  });

  test("an empty query lists the 8 most recent chats, New chat and the pages; a query ranks matches and filters pages", () => {
    const chats = Array.from({ length: 12 }, (_, i) =>
      sampleChat({ id: `chat_${i}`, title: i === 3 ? "" : `App ${i}` }),
    );
    const all = switcherItems(chats, "");
    expect(all.filter((i) => i.group === "Chats").map((i) => i.detail)).toEqual(chats.slice(0, 8).map((c) => c.id));
    expect(all.find((i) => i.detail === "chat_3")?.label).toBe("Untitled chat");
    expect(all.filter((i) => i.group !== "Chats").map((i) => i.label)).toEqual([
      "New chat",
      "Chats",
      "MCP servers",
      "Webhooks",
      "Inbox",
      "Projects",
      "Usage",
      "Settings",
    ]);

    const ranked = switcherItems(
      [
        sampleChat({ id: "a", title: "A todo list" }),
        sampleChat({ id: "b", title: "Todo app" }),
        sampleChat({ id: "c", title: "Photo gallery" }),
      ],
      "todo",
    );
    expect(ranked.map((i) => i.label)).toEqual(["Todo app", "A todo list"]);
    expect(switcherItems(chats, "chat_1").map((i) => i.detail)).toEqual(["chat_1", "chat_10", "chat_11"]);
    expect(switcherItems(chats, "web").map((i) => i.label)).toEqual(["Webhooks"]);
    expect(switcherItems([sampleChat({ id: "x y", title: "T" })], "")[0]!.href).toBe("/chats/x%20y");
  });

  test("projects are found by name for a query (after the chats), never listed for an empty one", () => {
    const project = (id: string, name: string, chatIds: string[] = []) =>
      ({
        id,
        object: "project",
        name,
        description: null,
        chatIds,
        createdAt: "2025-01-01T00:00:00Z",
        updatedAt: "2025-01-01T00:00:00Z",
      }) as const;
    const projects = [project("prj_1", "Garden apps", ["c1"]), project("prj_2", "Sea", ["a", "b"])];
    const chats = [sampleChat({ id: "c1", title: "Garden planner" })];
    expect(switcherItems(chats, "", projects).some((i) => i.group === "Projects")).toBe(false);
    const found = switcherItems(chats, "garden", projects);
    expect(found.map((i) => [i.group, i.label, i.detail])).toEqual([
      ["Chats", "Garden planner", "c1"],
      ["Projects", "Garden apps", "1 chat"],
    ]);
    expect(found[1]!.href).toBe("/projects/prj_1");
    expect(switcherItems(chats, "sea", projects).find((i) => i.group === "Projects")?.detail).toBe("2 chats");
  });
});

/** The dialog against the real embedded service: 25 chats, so older pages (20 per page) must be searched too. */
describe("quick switcher dialog", () => {
  let svc: EmbeddedService;
  const listRequests: string[] = [];
  const titles = ["Weather dashboard", "Pomodoro timer", "Recipe finder", "Photo gallery", "Budget tracker"];

  beforeAll(async () => {
    svc = await startService();
    for (let i = 0; i < 25; i++) {
      const prompt =
        i === 0 ? "Build an expense splitter for roommates" : `Build a ${titles[i % titles.length]} number ${i}`;
      expect((await call(svc, "POST", "/v2/chats", { body: { message: prompt } })).status).toBe(200);
    }
  }, 60_000);
  afterAll(() => svc.close());

  function renderSwitcher() {
    const onSelect = vi.fn<(item: SwitcherItem) => void>();
    const onOpenChange = vi.fn();
    const client = createServiceClient({
      baseUrl: BASE,
      apiKey: TEST_KEY,
      fetch: async (input, init) => {
        const request = new Request(input, init);
        if (request.method === "GET" && new URL(request.url).pathname.endsWith("/v2/chats"))
          listRequests.push(request.url);
        return svc.handle(request);
      },
    });
    const clientV1 = serviceClientV1(svc);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ServiceClientsProvider v2={client}>
          <ServiceClientsProvider v1={clientV1}>
            <button type="button">before</button>
            <QuickSwitcherDialog open onOpenChange={onOpenChange} onSelect={onSelect} />
          </ServiceClientsProvider>
        </ServiceClientsProvider>
      </QueryClientProvider>,
    );
    return { onSelect, onOpenChange };
  }

  test("labelled, focus in the combobox, recent chats first; arrows move the active option and Enter picks it", async () => {
    listRequests.length = 0;
    const { onSelect } = renderSwitcher();
    const dialog = screen.getByRole("dialog", { name: "Go to a chat or page" });
    const input = within(dialog).getByRole("combobox", { name: "Search chats and pages" });
    expect(input).toHaveFocus();
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByRole("option")
          .filter((o) => o.getAttribute("data-href")?.startsWith("/chats/")),
      ).toHaveLength(8),
    );
    const options = within(dialog).getAllByRole("option");
    expect(options[0]).toHaveAttribute("aria-selected", "true");
    expect(input).toHaveAttribute("aria-activedescendant", options[0]!.id);
    // Newest first: the last chat created leads.
    expect(options[0]).toHaveTextContent("Budget tracker number 24");

    const user = userEvent.setup();
    await user.keyboard("{ArrowDown}{ArrowDown}");
    expect(input).toHaveAttribute("aria-activedescendant", options[2]!.id);
    await user.keyboard("{ArrowUp}{ArrowUp}{ArrowUp}");
    expect(options.at(-1)).toHaveAttribute("aria-selected", "true");
    expect(options.at(-1)).toHaveTextContent("Settings");
    await user.keyboard("{Enter}");
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ href: "/settings" }));
    // An empty query needs only the first page.
    expect(listRequests).toHaveLength(1);
  });

  test("typing searches older pages too, so the oldest chat is found; Enter opens it", async () => {
    listRequests.length = 0;
    const { onSelect } = renderSwitcher();
    const user = userEvent.setup();
    await user.type(screen.getByRole("combobox"), "expense");
    const option = await screen.findByRole("option", { name: /Expense splitter for roommates/ });
    expect(option).toHaveAttribute("aria-selected", "true");
    expect(listRequests.length).toBe(2);
    expect(new URL(listRequests[1]!).searchParams.get("cursor")).toBeTruthy();
    await user.keyboard("{Enter}");
    const chosen = onSelect.mock.calls[0]![0];
    expect(chosen.group).toBe("Chats");
    expect(chosen.href).toMatch(/^\/chats\/[^/]+$/);
    const id = decodeURIComponent(chosen.href.slice("/chats/".length));
    expect((await call(svc, "GET", `/v2/chats/${id}`)).body).toMatchObject({ title: "Expense splitter for roommates" });
  });

  test("no match says what to try; clicking an option picks it", async () => {
    const { onSelect } = renderSwitcher();
    const user = userEvent.setup();
    await user.type(screen.getByRole("combobox"), "zzqx");
    expect(await screen.findByText("No chat matches. Try part of a title or a chat id.")).toBeInTheDocument();
    expect(screen.queryAllByRole("option")).toHaveLength(0);
    await user.clear(screen.getByRole("combobox"));
    await user.type(screen.getByRole("combobox"), "new");
    await user.click(await screen.findByRole("option", { name: /New chat/ }));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ key: "action:new-chat", href: "/chats" }));
  });

  test("a project is found by name and Enter opens it", async () => {
    const created = await call(svc, "POST", "/v1/projects", { body: { name: "Kitchen gadgets" } });
    const projectId = (created.body as { id: string }).id;
    const { onSelect } = renderSwitcher();
    const user = userEvent.setup();
    await user.type(screen.getByRole("combobox"), "kitchen");
    const option = await screen.findByRole("option", { name: /Kitchen gadgets/ });
    expect(option).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{Enter}");
    expect(onSelect).toHaveBeenCalledWith(
      expect.objectContaining({ group: "Projects", href: `/projects/${projectId}` }),
    );
  });

  test("Esc asks to close", async () => {
    const { onOpenChange } = renderSwitcher();
    await userEvent.setup().keyboard("{Escape}");
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
