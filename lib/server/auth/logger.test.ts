import { AuthError, CredentialsSignin } from "@auth/core/errors";
import { afterEach, describe, expect, it, vi } from "vitest";
import { logAuthError } from "./logger";

class Locked extends CredentialsSignin {
  code = "locked";
}

function logged(error: Error): string[] {
  const lines: string[] = [];
  const spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    lines.push(args.map(String).join(" "));
  });
  try {
    logAuthError(error);
  } finally {
    spy.mockRestore();
  }
  return lines.flatMap((line) => line.split("\n"));
}

describe("logAuthError", () => {
  afterEach(() => vi.restoreAllMocks());

  it("logs a refused sign-in as one line, without a stack", () => {
    expect(logged(new CredentialsSignin())).toEqual(["[auth] sign-in refused (credentials)"]);
    expect(logged(new Locked())).toEqual(["[auth] sign-in refused (locked)"]);
  });

  it("logs any other error with its type, message and stack", () => {
    class Broken extends AuthError {
      static type = "Configuration";
    }
    const lines = logged(new Broken("no secret"));
    expect(lines[0]).toMatch(/^\[auth\]\[error\] Configuration: no secret\b/);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).join("\n")).toMatch(/at /);
  });

  it("logs the cause's stack when Auth.js wraps an error", () => {
    const err = new Error("database down");
    const lines = logged(new AuthError("callback failed", { cause: { err } }));
    expect(lines[0]).toMatch(/^\[auth\]\[error\] AuthError: callback failed\b/);
    expect(lines[1]).toContain("[auth][cause]: Error: database down");
  });
});
