// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { sampleChat } from "@/lib/api/testing/fixtures";
import { PersonProvider } from "@/lib/hooks/person";
import { ShareControl } from "./share-dialog";

afterEach(cleanup);

const mia = { id: "user_mia", name: "Mia", email: "mia@example.com", role: "member" as const };

describe("ShareControl", () => {
  it("a chat the service says you may not change (someone else's team chat) shows no Share button", () => {
    render(
      <PersonProvider person={mia}>
        <ShareControl chat={sampleChat({ authorId: "user_other", privacy: "team", writePermission: false })} />
      </PersonProvider>,
    );
    expect(screen.queryByTestId("share-button")).toBeNull();
  });

  it("a chat you may change has it", () => {
    render(
      <PersonProvider person={mia}>
        <ShareControl chat={sampleChat({ authorId: "user_mia", privacy: "private" })} />
      </PersonProvider>,
    );
    expect(screen.getByTestId("share-button")).toHaveAccessibleName("Share: private");
  });
});
