import { describe, expect, it } from "vitest";
import { ChatApp, ChatAppRead } from "./app";

const app = {
  enabled: true,
  runnable: true,
  reason: null,
  script: "dev",
  state: "running",
  message: null,
  failedStep: null,
  exitCode: null,
  stopReason: null,
  log: "Listening on port 3000\n",
  updatedAt: "2026-11-28T23:00:00.000Z",
};

describe("a chat's app on the wire", () => {
  it("the service sends only the states it documents", () => {
    expect(ChatApp.safeParse({ ...app, state: "hibernating" }).success).toBe(false);
  });

  it("the dashboard reads a state, step or stop reason it does not know as null, keeping the rest", () => {
    const read = ChatAppRead.parse({ ...app, state: "hibernating", failedStep: "build", stopReason: "quota" });
    expect(read).toMatchObject({ state: null, failedStep: null, stopReason: null, log: app.log, script: "dev" });
    expect(ChatAppRead.parse(app).state).toBe("running");
  });
});
