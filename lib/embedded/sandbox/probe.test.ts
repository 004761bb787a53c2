import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { probeSandbox, sandboxSettings } from ".";
import { bwrapUnavailable } from "./test-support";

/** The check at start (AGENT_ALLOW_COMMANDS=1): a sandbox that cannot be made stops the server, saying why and how to fix it. */
const FIXES = [/apt-get install bubblewrap/, /unprivileged user namespaces/, /AGENT_COMMAND_SANDBOX=none/];

/** A stand-in for bubblewrap that fails the way it does where user namespaces are not allowed. */
function failingBwrap(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "atelier-fake-bwrap-"));
  chmodSync(dir, 0o755);
  const program = path.join(dir, "bwrap");
  writeFileSync(
    program,
    '#!/bin/sh\necho "bwrap: No permissions to creating new namespace, likely because the kernel does not allow non-privileged user namespaces." >&2\nexit 1\n',
  );
  chmodSync(program, 0o755);
  return program;
}

describe("probeSandbox", () => {
  test.skipIf(bwrapUnavailable)("bubblewrap here runs a command: nothing to say", async () => {
    expect(await probeSandbox(sandboxSettings())).toBeNull();
  });

  test("no bubblewrap: says it is not installed and every way out", async () => {
    const message = await probeSandbox(sandboxSettings(), "/nonexistent/bwrap");
    expect(message).toMatch(/bubblewrap is not installed \(\/nonexistent\/bwrap not found\)/);
    for (const fix of FIXES) expect(message).toMatch(fix);
  });

  test("no user namespaces: says so, with what bubblewrap printed", async () => {
    const message = await probeSandbox(sandboxSettings(), failingBwrap());
    expect(message).toMatch(/user namespaces are not allowed here/);
    expect(message).toMatch(/bubblewrap said: bwrap: No permissions to creating new namespace/);
    for (const fix of FIXES) expect(message).toMatch(fix);
  });

  test.skipIf(bwrapUnavailable)("a limit set higher than the system allows: names the variables", async () => {
    const message = await probeSandbox(sandboxSettings({ limits: { openFiles: 1 << 30 } }));
    expect(message).toMatch(/a limit cannot be set this high here \(AGENT_COMMAND_\*\)/);
    expect(message).toMatch(/bubblewrap said: sandbox-limits: 1: ulimit: error setting limit/);
    expect(message).toMatch(/Fix it:\n {2}- set that AGENT_COMMAND_\* limit lower/);
  });

  test("AGENT_COMMAND_SANDBOX=none needs nothing", async () => {
    expect(await probeSandbox(sandboxSettings({ backend: "none" }), "/nonexistent/bwrap")).toBeNull();
  });
});
