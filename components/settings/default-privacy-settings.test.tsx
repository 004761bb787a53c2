// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { ApiKeyCreated, DefaultPrivacy, Member } from "@/lib/api/schemas";
import { call, expectSchema, serviceClient, serviceForFile } from "@/lib/embedded/test-support";
import { PersonProvider } from "@/lib/hooks/person";
import { json } from "@/test/render-with-client";
import { renderWithService, SVC_PATH } from "@/test/render-with-service";
import { DefaultPrivacySettings } from "./default-privacy-settings";

/** Settings → the team's default privacy for new chats, against the real embedded service. */
const svc = serviceForFile();
let member: { id: string; key: string };

const current = async () =>
  expectSchema(DefaultPrivacy, (await call(svc, "GET", "/v2/settings/default-privacy")).body).privacy;

beforeAll(async () => {
  const created = await call(svc, "POST", "/v2/team/members", {
    body: { email: "ada@example.com", name: "Ada", role: "member" },
  });
  const id = expectSchema(Member, created.body).id;
  const key = await call(svc, "POST", "/v2/api-keys", { body: { name: "Ada's key", memberId: id } });
  member = { id, key: expectSchema(ApiKeyCreated, key.body).key };
});
afterEach(async () => {
  cleanup();
  await call(svc, "PUT", "/v2/settings/default-privacy", { body: { privacy: "private" } });
});

describe("DefaultPrivacySettings", () => {
  it("an admin picks the team's default from the five values; a chat created without a privacy gets it", async () => {
    const { requests } = renderWithService(svc, <DefaultPrivacySettings />);
    const form = await screen.findByTestId("default-privacy-form");
    expect(within(form).getAllByRole("radio")).toHaveLength(5);
    expect(screen.getByTestId("default-privacy-private")).toBeChecked();
    // Each value says what it means, in the Share dialog's words.
    expect(form).toHaveTextContent("Like unlisted, and listed for everyone in the team under Public.");

    await userEvent.click(screen.getByTestId("default-privacy-team-edit"));
    await waitFor(() => expect(screen.getByTestId("default-privacy-team-edit")).toBeChecked());
    await waitFor(() => expect(screen.getByTestId("default-privacy-team-edit")).toBeEnabled());
    expect(requests.filter((r) => r.method === "PUT")).toEqual([
      expect.objectContaining({
        url: expect.objectContaining({ pathname: `${SVC_PATH}/v2/settings/default-privacy` }),
        body: { privacy: "team-edit" },
      }),
    ]);
    expect(await current()).toBe("team-edit");
    const { chat } = await serviceClient(svc).createChat({ message: "A kanban board /fast" });
    expect(chat.privacy).toBe("team-edit");
  });

  it("a member sees the default read-only", async () => {
    await call(svc, "PUT", "/v2/settings/default-privacy", { body: { privacy: "team" } });
    renderWithService(
      svc,
      <PersonProvider person={{ id: member.id, name: "Ada", email: "ada@example.com", role: "member" }}>
        <DefaultPrivacySettings />
      </PersonProvider>,
      { apiKey: member.key },
    );
    const shown = await screen.findByTestId("default-privacy-read-only");
    expect(shown).toHaveTextContent("team");
    expect(shown).toHaveTextContent("Everyone in the team sees it; only you change it.");
    expect(shown).toHaveTextContent("Only an admin changes the team's default.");
    expect(screen.queryAllByRole("radio")).toEqual([]);
  });

  it("a service without a team default says so", async () => {
    renderWithService(svc, <DefaultPrivacySettings />, { answer: () => json({ message: "No such endpoint" }, 404) });
    expect(await screen.findByTestId("default-privacy-unsupported")).toHaveTextContent(
      "This service has no team default",
    );
  });
});
