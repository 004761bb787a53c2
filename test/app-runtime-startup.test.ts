import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { appRuntimeUnavailable } from "@/app/_wiring/app-runtime-state";
import { checkAppSandbox } from "@/app/_wiring/command-sandbox";
import { bwrapUnavailable } from "@/lib/embedded/sandbox/test-support";
import { readConfig } from "@/lib/server/config";

/** APP_RUNTIME at start (docs/app-runtime.md): `auto` runs apps where the sandbox works and serves files where not. */
const configWith = (env: Record<string, string>) =>
  readConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "atelier-apps-")), APP_URL: "http://127.0.0.1:3100", ...env });
const NO_BWRAP = "/nonexistent/bwrap";
const reset = () => delete (globalThis as Record<symbol, unknown>)[Symbol.for("atelier.appRuntimeUnavailable")];

afterEach(reset);

describe("the app runtime's check at start", () => {
  it("auto without a working sandbox: starts, serving app chats as files, and says why", async () => {
    const lines = await checkAppSandbox(configWith({}), NO_BWRAP);
    expect(lines.join("\n")).toMatch(/Apps: served as files: .*bubblewrap is not installed \(\/nonexistent\/bwrap/);
    expect(appRuntimeUnavailable()).toMatch(/cannot run apps: the sandbox they run in \(bubblewrap\) does not work/);
  });

  it("on without a working sandbox: the server does not start", async () => {
    await expect(checkAppSandbox(configWith({ APP_RUNTIME: "on" }), NO_BWRAP)).rejects.toThrow(
      /APP_RUNTIME=on runs chats' apps in the sandbox, which does not work here.*bubblewrap is not installed/s,
    );
    expect(appRuntimeUnavailable()).toBeNull();
  });

  it("off: no check, nothing said", async () => {
    expect(await checkAppSandbox(configWith({ APP_RUNTIME: "off" }), NO_BWRAP)).toEqual([]);
    expect(appRuntimeUnavailable()).toBeNull();
  });

  it.skipIf(bwrapUnavailable)("auto with a working sandbox: apps run", async () => {
    const lines = await checkAppSandbox(configWith({}));
    expect(lines).toEqual(["  Apps: chats whose files are a Node app run in a bubblewrap sandbox (APP_RUNTIME=auto)"]);
    expect(appRuntimeUnavailable()).toBeNull();
  });
});
