import { describe, expect, it } from "vitest";
import { safeCallbackUrl } from "@/app/(auth)/sign-in/callback-url";
import { signInPathFor } from "./request-path";

const safe = (p: string) => safeCallbackUrl(p, "") === p;

describe("signInPathFor (dashboard layout's sign-in redirect)", () => {
  it("keeps the whole requested URL, query included, as callbackUrl", () => {
    const landing = "/mcp-servers/oauth/return?oauth_success=true&mcpServerId=mcp_1";
    const target = signInPathFor(landing, safe);
    expect(target).toBe(`/sign-in?callbackUrl=${encodeURIComponent(landing)}`);
    const back = new URL(target, "http://dash.test").searchParams.get("callbackUrl");
    expect(back).toBe(landing);
    expect(safeCallbackUrl(back)).toBe(landing);
  });

  it("falls back to a bare /sign-in for nothing, the root, or anything that is not a same-site path", () => {
    expect(signInPathFor(null, safe)).toBe("/sign-in");
    expect(signInPathFor("/", safe)).toBe("/sign-in");
    for (const bad of ["//evil.test/x", "/\\evil.test", "https://evil.test/", "/api/service/v2/chats", "/sign-in?x=1"])
      expect(signInPathFor(bad, safe)).toBe("/sign-in");
  });
});
