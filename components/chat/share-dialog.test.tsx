// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { sampleChat } from "@/lib/api/testing/fixtures";
import { PersonProvider } from "@/lib/hooks/person";
import { createQueryClient } from "@/lib/hooks/query-client";
import { ChatPrivacySelect } from "./chat-settings-fields";
import { ShareControl } from "./share-dialog";

afterEach(cleanup);

/** Mia as the embedded service knows her (`serviceId`: the dashboard's proxy acts as her). */
const mia = { id: "user_mia", name: "Mia", email: "mia@example.com", role: "member" as const, serviceId: "user_mia" };
/** Mia with a remote deployment: the dashboard does not know her id there. */
const remoteMia = { ...mia, serviceId: null };

const teamEdit = sampleChat({ authorId: "user_other", privacy: "team-edit", writePermission: true });

describe("ShareControl", () => {
  it("a chat the service says you may not change (someone else's team chat) shows no Share button", () => {
    render(
      <PersonProvider person={mia}>
        <ShareControl chat={sampleChat({ authorId: "user_other", privacy: "team", writePermission: false })} />
      </PersonProvider>,
    );
    expect(screen.queryByTestId("share-button")).toBeNull();
  });

  it("a chat you wrote has it", () => {
    render(
      <PersonProvider person={mia}>
        <ShareControl chat={sampleChat({ authorId: "user_mia", privacy: "team-edit" })} />
      </PersonProvider>,
    );
    expect(screen.getByTestId("share-button")).toHaveAccessibleName("Share: team-edit");
  });

  it("someone else's team-edit chat, which you may change but not share: no Share button, the privacy read-only", () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <PersonProvider person={mia}>
          <ShareControl chat={teamEdit} />
          <ChatPrivacySelect chat={teamEdit} />
        </PersonProvider>
      </QueryClientProvider>,
    );
    expect(screen.queryByTestId("share-button")).toBeNull();
    expect(screen.queryByTestId("chat-privacy")).toBeNull();
    expect(screen.getByText("team-edit")).toBeInTheDocument();
  });

  it("with a remote service (ids not Atelier's) the service decides: the button stays", () => {
    render(
      <PersonProvider person={remoteMia}>
        <ShareControl chat={teamEdit} />
      </PersonProvider>,
    );
    expect(screen.getByTestId("share-button")).toBeInTheDocument();
  });
});
