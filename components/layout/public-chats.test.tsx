// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { ApiKeyCreated, Member, type Privacy } from "@/lib/api/schemas";
import { call, expectSchema, serviceClient, serviceForFile } from "@/lib/embedded/test-support";
import { json } from "@/test/render-with-client";
import { renderWithService, SVC_PATH } from "@/test/render-with-service";
import { PublicChats } from "./public-chats";
import { RecentChats } from "./recent-chats";

/** The sidebar's Public group and the marks of shared chats, against the real embedded service. */
const svc = serviceForFile({ agentDelayMs: 0 });
let ada: string;

/** A chat by the holder of `key` (the first admin without one), titled `title`, made `privacy`. */
async function chat(title: string, privacy: Privacy, key?: string): Promise<string> {
  const { chat } = await serviceClient(svc, ...(key ? [key] : [])).createChat({ message: `${title} /fast` });
  const auth = key ? { auth: `Bearer ${key}` } : {};
  const patched = await call(svc, "PATCH", `/v2/chats/${chat.id}`, { body: { title, privacy }, ...auth });
  expect(patched.status, JSON.stringify(patched.body)).toBe(200);
  return chat.id;
}

beforeAll(async () => {
  const created = await call(svc, "POST", "/v2/team/members", {
    body: { email: "ada@example.com", name: "Ada", role: "member" },
  });
  const id = expectSchema(Member, created.body).id;
  const key = await call(svc, "POST", "/v2/api-keys", { body: { name: "Ada's key", memberId: id } });
  ada = expectSchema(ApiKeyCreated, key.body).key;
});
afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

describe("PublicChats", () => {
  // Runs first: nobody has a public chat yet.
  it("says there are none while no chat is public", async () => {
    await chat("Mine alone", "private");
    const { requests } = renderWithService(svc, <PublicChats pathname="/chats" />);
    expect(await screen.findByTestId("sidebar-public-empty")).toHaveTextContent("No public chats yet");
    expect(requests.map((r) => `${r.url.pathname}${r.url.search}`)).toEqual([
      `${SVC_PATH}/v2/chats?scope=public&limit=20`,
    ]);
  });

  it("lists every person's public chats and nothing else; it folds, remembered", async () => {
    const mine = await chat("Harbour map", "public");
    const hers = await chat("Bird count", "public", ada);
    await chat("Her link only", "unlisted", ada);
    await chat("Team notes", "team", ada);
    renderWithService(svc, <PublicChats pathname={`/chats/${hers}`} />);
    const list = await screen.findByTestId("sidebar-public-list");
    const links = within(list).getAllByRole("link");
    expect(links.map((a) => a.textContent)).toEqual(["Bird count", "Harbour map"]);
    expect(links[0]).toHaveAttribute("href", `/chats/${hers}`);
    expect(links[0]).toHaveAttribute("aria-current", "page");
    expect(links[1]).toHaveAttribute("href", `/chats/${mine}`);

    const toggle = screen.getByTestId("sidebar-public-toggle");
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(list).not.toBeVisible();
    cleanup();
    renderWithService(svc, <PublicChats pathname="/chats" />);
    expect(screen.getByTestId("sidebar-public-toggle")).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(screen.getByTestId("sidebar-public-toggle"));
    expect(await screen.findByTestId("sidebar-public-list")).toBeVisible();
  });

  it("keeps only public chats from a service that ignores the scope", async () => {
    const everyChat = {
      chats: [
        { ...(await serviceClient(svc).listChats()).chats.find((c) => c.privacy === "private")! },
        ...(await serviceClient(svc).listChats({ scope: "public" })).chats,
      ],
    };
    renderWithService(svc, <PublicChats pathname="/chats" />, { answer: () => json(everyChat) });
    const list = await screen.findByTestId("sidebar-public-list");
    expect(
      within(list)
        .getAllByRole("link")
        .map((a) => a.textContent),
    ).toEqual(["Bird count", "Harbour map"]);
  });

  it("says when the list could not be read, and reads it again on Retry", async () => {
    let fail = true;
    renderWithService(svc, <PublicChats pathname="/chats" />, {
      answer: (_request, response) => (fail ? json({ message: "Down for a moment" }, 503) : response),
    });
    const error = await screen.findByTestId("sidebar-public-error");
    fail = false;
    await userEvent.click(within(error).getByRole("button", { name: "Retry" }));
    expect(await screen.findByTestId("sidebar-public-list")).toBeInTheDocument();
  });
});

describe("the sidebar's chat lists", () => {
  it("mark shared chats (unlisted, public), and only those", async () => {
    renderWithService(svc, <RecentChats pathname="/chats" />, { apiKey: undefined });
    const list = await screen.findByRole("list", { name: "Recent chats" });
    const marked = (title: string) =>
      within(list)
        .getByRole("link", { name: new RegExp(`^${title}`) })
        .querySelector("[data-testid=sidebar-shared-mark]");
    await waitFor(() => expect(marked("Harbour map")).toHaveAttribute("data-privacy", "public"));
    expect(marked("Mine alone")).toBeNull();
    cleanup();
    renderWithService(svc, <RecentChats pathname="/chats" />, { apiKey: ada });
    const hers = await screen.findByRole("list", { name: "Recent chats" });
    const link = within(hers).getByRole("link", { name: /^Her link only/ });
    expect(link).toHaveAccessibleName(/^Her link only ?\(unlisted\)$/);
    expect(link.querySelector("[data-testid=sidebar-shared-mark]")).toHaveAttribute("data-privacy", "unlisted");
    expect(
      within(hers).getByRole("link", { name: "Team notes" }).querySelector("[data-testid=sidebar-shared-mark]"),
    ).toBeNull();
  });
});
